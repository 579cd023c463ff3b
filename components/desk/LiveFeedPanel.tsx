'use client';
/**
 * The live feed of an event on the desk (issue 24 "Live feed: host and port per event, start,
 * stop, status (last passing, connected)"): the timing system's host and port (saved with Save,
 * or on Start when they changed), Start and Stop, and the status in a polite live region — the
 * state, since when it is connected, the last passing ("2 min ago" and its time), what went wrong.
 * The status is asked again every 5 s while the panel is on screen, the tab visible and the feed
 * not stopped (`useDeskLiveStatus`); buttons are disabled while a call runs; every message in the
 * page's language (`desk.live.*`). Plain checks before a call (no zod in the browser): a blank
 * host, a port outside 1–65535; the server checks the host with the contract
 * (lib/contracts/desk-live.ts). Native controls, one column on a phone.
 */
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent, type RefObject } from 'react';
import { Field } from '@/components/ui/Field';
import ui from '@/components/ui/ui.module.css';
import { useDeskLiveAction, useDeskLiveStatus, type DeskLiveAction } from '@/lib/api/desk-live';
import type { DeskSaveError } from '@/lib/api/desk';
import type { DeskLiveStatus } from '@/lib/contracts/desk-live';
import { formatDateTime, intlLocale } from '@/lib/format';
import css from './desk.module.css';

export interface LiveFeedPanelProps {
  eventId: number;
  /** The status when the page was rendered. */
  initial: DeskLiveStatus;
}

/** Whether `ref`'s element is on screen (true where IntersectionObserver is missing). */
function useOnScreen(ref: RefObject<HTMLElement | null>): boolean {
  const [onScreen, setOnScreen] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver((seen) => setOnScreen(seen.some((e) => e.isIntersecting)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return onScreen;
}

const noSubscription = () => () => {};

/** Now (ms), moving every `everyMs` in the browser; null on the server and while hydrating (the relative time is the browser's alone). */
function useNow(everyMs: number): number | null {
  const inBrowser = useSyncExternalStore(noSubscription, () => true, () => false);
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (!inBrowser) return;
    const tick = () => setNow(Date.now());
    tick();
    const timer = setInterval(tick, everyMs);
    return () => clearInterval(timer);
  }, [inBrowser, everyMs]);
  return now;
}

/** "2 min ago", "in 5 s", "now" in `locale`. */
function ago(at: number, now: number, locale: string): string {
  const format = new Intl.RelativeTimeFormat(intlLocale(locale), { numeric: 'auto', style: 'short' });
  const s = Math.round((at - now) / 1000);
  if (Math.abs(s) < 60) return format.format(s, 'second');
  const min = Math.round(s / 60);
  if (Math.abs(min) < 60) return format.format(min, 'minute');
  const h = Math.round(min / 60);
  if (Math.abs(h) < 24) return format.format(h, 'hour');
  return format.format(Math.round(h / 24), 'day');
}

/** A feed that runs here: connecting, connected or reconnecting. */
const isRunning = (status: DeskLiveStatus) => status.state === 'connecting' || status.state === 'connected' || status.state === 'reconnecting';

/** The port typed as a number 1–65535, or null. */
function portOf(text: string): number | null {
  const n = Number(text.trim());
  return /^\d{1,5}$/.test(text.trim()) && n >= 1 && n <= 65_535 ? n : null;
}

type Problems = { host?: string; port?: string; form?: string };

/** The panel (see the file's docstring). */
export function LiveFeedPanel({ eventId, initial }: LiveFeedPanelProps) {
  const t = useTranslations('desk.live');
  const locale = useLocale();
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const onScreen = useOnScreen(ref);
  const now = useNow(15_000);
  const query = useDeskLiveStatus(eventId, initial, onScreen);
  const action = useDeskLiveAction(eventId);
  const status = query.data ?? initial;
  const [host, setHost] = useState(initial.host ?? '');
  const [port, setPort] = useState(initial.port === null ? '' : String(initial.port));
  const [problems, setProblems] = useState<Problems>({});
  const [done, setDone] = useState<'saved' | 'savedRunning' | null>(null);

  const message = (code: string) => (t.has(`errors.${code}`) ? t(`errors.${code}` as 'errors.request_error') : t('errors.request_error'));

  /** The failure of a call, on its field or above the buttons. */
  const fail = (err: DeskSaveError) => {
    const next: Problems = {};
    for (const issue of err.issues) {
      const field = issue.path[0];
      if ((field === 'host' || field === 'port') && !next[field]) next[field] = issue.code;
    }
    if (err.apiCode === 'null_host') next.host = 'null_host';
    else if (!next.host && !next.port) next.form = err.apiCode && t.has(`errors.${err.apiCode}`) ? err.apiCode : err.code;
    setProblems(next);
  };

  /** The address typed, checked; null (with the problems shown) when it cannot be sent. */
  const typed = (): { host: string; port: number } | null => {
    const problemsNow: Problems = {};
    const h = host.trim();
    const p = portOf(port);
    if (!h) problemsNow.host = 'null_host';
    else if (h.length > 253) problemsNow.host = 'invalid_host';
    if (p === null) problemsNow.port = 'invalid_port';
    setProblems(problemsNow);
    return problemsNow.host || problemsNow.port ? null : { host: h, port: p! };
  };

  const run = async (steps: DeskLiveAction[]) => {
    setDone(null);
    try {
      for (const step of steps) {
        const after = await action.mutateAsync(step);
        if (step.kind === 'save') setDone(isRunning(after) ? 'savedRunning' : 'saved');
      }
      setProblems({});
    } catch (err) {
      fail(err as DeskSaveError);
    }
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const address = typed();
    if (address) void run([{ kind: 'save', input: address }]);
  };

  const start = () => {
    const address = typed();
    if (!address) return;
    const changed = address.host !== status.host || address.port !== status.port;
    void run(changed ? [{ kind: 'save', input: address }, { kind: 'start' }] : [{ kind: 'start' }]);
  };

  const busy = action.isPending;
  const running = isRunning(status);
  const address = status.host && status.port ? `${status.host}:${status.port}` : '';
  const stateText =
    status.state === 'connected'
      ? t('state.connected', { address })
      : status.state === 'connecting'
        ? t('state.connecting', { address })
        : status.state === 'reconnecting'
          ? t('state.reconnecting', { address })
          : status.state === 'busy'
            ? t('state.busy')
            : status.state === 'error'
              ? t('state.error')
              : t('state.stopped');
  const lastPassing = status.lastPassingAt ? Date.parse(status.lastPassingAt) : null;
  const connectedSince = status.connectedSince ? Date.parse(status.connectedSince) : null;
  const showError = status.error && status.state !== 'busy' && status.state !== 'connected';

  return (
    <div ref={ref} className={css.live} data-testid="desk-live" data-state={status.state}>
      <p className={css.intro}>{t('intro')}</p>
      <form noValidate onSubmit={save} className={css.liveForm} aria-label={t('address')}>
        <div className={css.liveAddress}>
          <Field id={`${id}-host`} label={t('host')} hint={t('hostHint')} required error={problems.host ? message(problems.host) : undefined} className={css.liveHost}>
            {(a) => <input {...a} value={host} onChange={(e) => setHost(e.target.value)} className={ui.input} autoComplete="off" autoCapitalize="none" spellCheck={false} inputMode="url" maxLength={260} />}
          </Field>
          <Field id={`${id}-port`} label={t('port')} required error={problems.port ? message(problems.port) : undefined} className={css.livePort}>
            {(a) => <input {...a} value={port} onChange={(e) => setPort(e.target.value)} className={ui.input} inputMode="numeric" pattern="[0-9]*" autoComplete="off" maxLength={5} />}
          </Field>
        </div>
        <div className={css.actions}>
          <button type="submit" disabled={busy} className={`${ui.button} ${ui.outlined}`}>
            {busy && action.variables?.kind === 'save' ? t('saving') : t('save')}
          </button>
          <button type="button" onClick={start} disabled={busy || running} className={`${ui.button} ${ui.contained}`}>
            {busy && action.variables?.kind === 'start' ? t('starting') : t('start')}
          </button>
          <button type="button" onClick={() => void run([{ kind: 'stop' }])} disabled={busy || !running} className={`${ui.button} ${ui.outlined} ${ui.danger}`}>
            {busy && action.variables?.kind === 'stop' ? t('stopping') : t('stop')}
          </button>
        </div>
      </form>
      <div aria-live="polite" className={css.liveStatus} data-testid="desk-live-status">
        <p className={css.liveState}>
          <strong>{stateText}</strong>
        </p>
        {connectedSince !== null ? (
          <p>
            {t('connectedSince')} <time dateTime={status.connectedSince!}>{formatDateTime(new Date(connectedSince), locale)}</time>
          </p>
        ) : null}
        <p>
          {lastPassing === null ? (
            t('noPassing')
          ) : (
            <>
              {t('lastPassing')} {now !== null ? `${ago(lastPassing, now, locale)} · ` : ''}
              <time dateTime={status.lastPassingAt!}>{formatDateTime(new Date(lastPassing), locale)}</time>
            </>
          )}
        </p>
        {showError ? <p className={css.rowError}>{t('lastError', { error: status.error! })}</p> : null}
        {problems.form ? <p className={css.rowError}>{message(problems.form)}</p> : null}
        {done ? <p className={css.rowStatus}>{t(done)}</p> : null}
        {query.isError ? <p className={css.rowError}>{message(query.error.apiCode && t.has(`errors.${query.error.apiCode}`) ? query.error.apiCode : query.error.code)}</p> : null}
      </div>
    </div>
  );
}
