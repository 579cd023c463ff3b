'use client';
/**
 * The sign-on board (issue 27 "Sign-on (in the desk): one line per registered rider: membership ✓,
 * waiver ✓, paid ✓, number, transponder; take payment at the gate, sign a missing waiver on the
 * official's tablet, mark present. It keeps working on a phone with no connection and sends what it
 * recorded when the connection comes back"). A plain client component, not an island: its code
 * comes with the page, so the service worker's copy of the page works with no connection at all.
 *
 * What an official records (present, a rental's transponder, a gate payment) shows at once
 * (`applyPending`) and joins the device's queue (lib/api/sign-on.ts: kept in `localStorage` with
 * the newest list), sent at once when connected, else when the browser says the connection is
 * back, on a return to the tab and every `REFRESH_MS`. The server applies each action once by its
 * id, so a batch sent again after a lost reply records nothing twice; an action it refuses is shown
 * with its reason and leaves the queue. Signing a waiver opens the signing page, which needs the
 * connection (its images are sent at once). A green line is ready to race (`signOnReady`); the state
 * is also written out, never shown by colour alone.
 */
import { useTranslations, useLocale } from 'next-intl';
import { useCallback, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import ui from '@/components/ui/ui.module.css';
import { fetchSignOnList, readDeviceCopy, sendSignOnActions, writeDeviceCopy, type SignOnCallError } from '@/lib/api/sign-on';
import type { SignOnAction, SignOnActionDraft } from '@/lib/contracts/sign-on';
import { applyPending, signOnReady, type SignOnList, type SignOnRow } from '@/lib/contracts/sign-on-list';
import { formatCents, formatDateTime } from '@/lib/format';
import { personName } from '@/lib/format/person-name';
import { Link } from '@/lib/i18n/navigation';
import css from './sign-on.module.css';

/** How often the board asks for the list while nothing is waiting (other tablets' changes), in ms. */
export const REFRESH_MS = 30_000;

const subscribeOnline = (notify: () => void) => {
  window.addEventListener('online', notify);
  window.addEventListener('offline', notify);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
  };
};

/** A refused action as the board lists it. */
interface Refusal {
  id: string;
  name: string;
  code: string;
}

const KNOWN_CODES = ['transponder_taken', 'not_found', 'order_expired', 'invalid_transponder', 'null_transponder', 'unauthenticated'] as const;

export interface SignOnBoardProps {
  eventId: number;
  /** The list the server rendered the page with. */
  initial: SignOnList;
}

/** The board (see the file's docstring); the default export, for the desk's sign-on page. */
export default function SignOnBoard({ eventId, initial }: SignOnBoardProps) {
  const t = useTranslations('desk.signOn');
  const locale = useLocale();
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
  const [list, setList] = useState<SignOnList>(initial);
  const [pending, setPending] = useState<SignOnAction[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [syncing, setSyncing] = useState(false);
  const [sessionEnded, setSessionEnded] = useState(false);
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  const [query, setQuery] = useState('');
  const searchId = useId();
  // The newest state for the sender (a send started before a new action must not drop it).
  const pendingRef = useRef<SignOnAction[]>([]);
  const sendingRef = useRef(false);
  const againRef = useRef(false);

  // The device's copy: the actions not yet sent, and the newer of the two lists.
  // Read after hydration (the server's HTML has the server's list), in a task of its own.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      const copy = readDeviceCopy(eventId);
      if (copy) {
        pendingRef.current = copy.pending;
        setPending(copy.pending);
        if (copy.list.readAt > initial.readAt) setList(copy.list);
      }
      setLoaded(true);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [eventId, initial.readAt]);

  useEffect(() => {
    if (loaded) writeDeviceCopy(eventId, { list, pending });
  }, [eventId, list, pending, loaded]);

  const nameOf = useCallback(
    (action: SignOnAction, rows: readonly SignOnRow[]) => {
      const row = action.type === 'paid' ? rows.find((r) => r.dueOrder === action.order) : rows.find((r) => r.participantId === action.participantId);
      return row ? `${row.firstName} ${row.lastName}` : t('rider');
    },
    [t],
  );

  /** Sends what is waiting (or, with nothing waiting, reads the list again). Offline: keeps it all for later. */
  const sync = useCallback(async () => {
    if (!navigator.onLine) return;
    // One call at a time; an action recorded meanwhile is sent as soon as the current call ends.
    if (sendingRef.current) {
      againRef.current = true;
      return;
    }
    sendingRef.current = true;
    setSyncing(true);
    const batch = pendingRef.current;
    try {
      if (batch.length === 0) {
        setList(await fetchSignOnList(eventId));
      } else {
        const result = await sendSignOnActions(eventId, batch);
        const answered = new Set(result.outcomes.map((o) => o.id));
        pendingRef.current = pendingRef.current.filter((a) => !answered.has(a.id));
        setPending(pendingRef.current);
        setList(result.list);
        const refused = result.outcomes.flatMap((o) => (o.ok ? [] : [{ id: o.id, code: o.code, name: nameOf(batch.find((a) => a.id === o.id)!, result.list.rows) }]));
        if (refused.length) setRefusals((r) => [...r, ...refused]);
      }
      setSessionEnded(false);
    } catch (err) {
      const failure = err as SignOnCallError;
      if (failure.kind === 'refused') {
        if (failure.status === 401) setSessionEnded(true);
        else if (batch.length) {
          // A batch the server will never take (the event gone, a malformed action): shown, then dropped so the queue is not stuck.
          const dropped = new Set(batch.map((a) => a.id));
          pendingRef.current = pendingRef.current.filter((a) => !dropped.has(a.id));
          setPending(pendingRef.current);
          setRefusals((r) => [...r, ...batch.map((a) => ({ id: a.id, code: failure.code, name: nameOf(a, list.rows) }))]);
        }
      }
    } finally {
      sendingRef.current = false;
      setSyncing(false);
      if (againRef.current) {
        againRef.current = false;
        window.setTimeout(() => void syncRef.current(), 0);
      }
    }
  }, [eventId, nameOf, list.rows]);
  const syncRef = useRef(sync);
  useEffect(() => {
    syncRef.current = sync;
  }, [sync]);

  // Send when the connection comes back, when the tab is shown again, and every REFRESH_MS.
  useEffect(() => {
    if (!loaded) return;
    const first = window.setTimeout(() => void sync(), 0);
    const onVisible = () => document.visibilityState === 'visible' && void sync();
    const onOnline = () => void sync();
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    const timer = window.setInterval(() => void sync(), REFRESH_MS);
    return () => {
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
      window.clearInterval(timer);
      window.clearTimeout(first);
    };
    // Once loaded: `sync` reads the queue from its ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);

  const record = (action: SignOnActionDraft) => {
    const full = { ...action, id: crypto.randomUUID(), at: new Date().toISOString() } as SignOnAction;
    pendingRef.current = [...pendingRef.current, full];
    setPending(pendingRef.current);
    void sync();
  };

  const rows = useMemo(() => applyPending(list.rows, pending), [list.rows, pending]);
  const waiting = useMemo(() => {
    const ids = new Set<number>();
    for (const a of pending) {
      if (a.type === 'paid') {
        const row = list.rows.find((r) => r.dueOrder === a.order);
        if (row) ids.add(row.participantId);
      } else ids.add(a.participantId);
    }
    return ids;
  }, [pending, list.rows]);
  const needle = query.trim().toLocaleLowerCase(locale);
  const shown = needle ? rows.filter((r) => `${r.firstName} ${r.lastName}`.toLocaleLowerCase(locale).includes(needle) || (r.raceNumber ?? '').toLocaleLowerCase(locale) === needle || (r.transponder ?? '').toLocaleLowerCase(locale) === needle) : rows;
  const ready = rows.filter(signOnReady).length;
  const reason = (code: string) => t(`errors.${(KNOWN_CODES as readonly string[]).includes(code) ? code : 'other'}` as 'errors.other');

  return (
    <div className={css.board}>
      <div className={css.statusBar} role="status" aria-live="polite" data-testid="sign-on-status">
        <span className={online ? css.online : css.offline}>{online ? t('online') : t('offline')}</span>
        <span>{pending.length ? t('pending', { count: pending.length }) : syncing ? t('syncing') : t('synced')}</span>
        <span className={css.asOf}>{t('asOf', { time: formatDateTime(new Date(list.readAt), locale) })}</span>
        <span>{t('count', { ready, total: rows.length })}</span>
        {sessionEnded ? <span className={css.refusal}>{t('errors.unauthenticated')}</span> : null}
      </div>

      {refusals.length ? (
        <ul className={css.refusals} aria-live="assertive">
          {refusals.map((r) => (
            <li key={r.id}>
              {t('refused', { name: r.name, reason: reason(r.code) })}{' '}
              <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => setRefusals((all) => all.filter((x) => x.id !== r.id))}>
                {t('dismiss')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      {rows.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <>
          <p className={css.search}>
            <label htmlFor={searchId}>{t('search')}</label>
            <input id={searchId} className={ui.input} type="search" value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
          </p>
          {shown.length === 0 ? <p>{t('noMatch')}</p> : null}
          <ul className={css.rows} data-testid="sign-on-rows">
            {shown.map((row) => (
              <SignOnLine key={row.participantId} row={row} eventId={eventId} online={online} waiting={waiting.has(row.participantId)} onRecord={record} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** One rider's line: state, classes, and the official's actions. */
function SignOnLine({ row, eventId, online, waiting, onRecord }: { row: SignOnRow; eventId: number; online: boolean; waiting: boolean; onRecord: (action: SignOnActionDraft) => void }) {
  const t = useTranslations('desk.signOn');
  const tc = useTranslations('common');
  const locale = useLocale();
  const ok = signOnReady(row);
  const name = personName(row.firstName, row.lastName, tc('formerMember'));
  const missing = [row.membership !== 'valid' ? t('membershipCol') : null, row.waiver !== 'signed' ? t('waiverCol') : null, !row.paid ? t('paidCol') : null].filter((x): x is string => x !== null);
  const [transponder, setTransponder] = useState(row.transponder ?? '');
  const transponderId = useId();
  const headingId = useId();
  const saveTransponder = (e: FormEvent) => {
    e.preventDefault();
    if (transponder.trim()) onRecord({ type: 'transponder', participantId: row.participantId, number: transponder.trim() });
  };
  /** A state written out, with its ✓ or ✗ (not read aloud: the words say it), kept together on one line. */
  const stateText = (yes: boolean, text: string) => (
    <span className={css.stateText}>
      <span aria-hidden="true">{yes ? '✓ ' : '✗ '}</span>
      {text}
    </span>
  );

  return (
    <li className={`${css.row} ${ok ? css.ready : css.notReady}`} aria-labelledby={headingId} data-testid="sign-on-row" data-ready={ok ? 'yes' : 'no'}>
      <h3 id={headingId} className={css.name}>
        <span className={css.number}>{row.raceNumber ?? '—'}</span> {name}
      </h3>
      <p className={css.state}>
        {stateText(ok, ok ? t('ready') : t('missing', { items: missing.join(', ') }))}
        {waiting ? <span className={css.waiting}> · {t('notSent')}</span> : null}
      </p>
      <p className={css.classes}>{row.classes.map((c) => c.className).join(' · ')}</p>
      <dl className={css.checks}>
        <div>
          <dt>{t('membershipCol')}</dt>
          <dd>
            {stateText(row.membership === 'valid', t(`membership.${row.membership}`))}
          </dd>
        </div>
        <div>
          <dt>{t('waiverCol')}</dt>
          <dd>
            {stateText(row.waiver === 'signed', t(`waiver.${row.waiver}`))}
            {row.waiver === 'not_signed' && !row.signOnline ? (
              <span className={css.note}> {t('paperOnly')}</span>
            ) : row.waiver === 'not_signed' ? (
              online ? (
                <>
                  {' '}
                  <Link className={`${ui.button} ${ui.outlined} ${ui.small}`} href={`/desk/events/${eventId}/sign-on/waiver/${row.participantId}`}>
                    {t('signWaiver')}
                  </Link>
                </>
              ) : (
                <span className={css.note}> {t('needsConnection')}</span>
              )
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t('paidCol')}</dt>
          <dd>
            {stateText(row.paid, row.paid ? t('paid') : t('due', { amount: formatCents(row.dueCents, locale) }))}
            {!row.paid && row.dueOrder ? (
              <>
                {' '}
                <button type="button" className={`${ui.button} ${ui.contained} ${ui.small}`} onClick={() => onRecord({ type: 'paid', order: row.dueOrder! })}>
                  {t('takePayment', { amount: formatCents(row.dueCents, locale) })}
                </button>
              </>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t('transponderCol')}</dt>
          <dd>
            {row.transponderRental ? (
              <form className={css.transponder} onSubmit={saveTransponder}>
                <label htmlFor={transponderId} className="visually-hidden">
                  {t('transponderFor', { name })}
                </label>
                <input id={transponderId} className={ui.input} value={transponder} onChange={(e) => setTransponder(e.target.value)} placeholder={row.transponder ? undefined : t('rentalNone')} maxLength={20} autoComplete="off" />
                <button type="submit" className={`${ui.button} ${ui.outlined} ${ui.small}`} disabled={!transponder.trim() || transponder.trim().toUpperCase() === row.transponder}>
                  {t('saveTransponder')}
                </button>
              </form>
            ) : (
              (row.transponder ?? '—')
            )}
          </dd>
        </div>
        <div>
          <dt>{t('presentCol')}</dt>
          <dd>
            {row.presentAt ? (
              stateText(true, t('presentAt', { time: formatDateTime(new Date(row.presentAt), locale) }))
            ) : (
              <button type="button" className={`${ui.button} ${ui.outlined} ${ui.small}`} onClick={() => onRecord({ type: 'present', participantId: row.participantId })}>
                {t('markPresent')}
              </button>
            )}
          </dd>
        </div>
      </dl>
    </li>
  );
}
