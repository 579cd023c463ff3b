'use client';
/**
 * The gate scanner (issue 28 "The gate scanner in the desk: the phone's camera reads the QR code
 * …; one scan admits once (a second scan says when and at which gate it was used); an unpaid
 * ticket is paid at the scan; a missing waiver is signed there; counts per gate and per hour;
 * keeps scanning without a connection and reconciles when it returns (a ticket scanned twice
 * offline is reported, not hidden)"). A plain client component, not an island: its code comes with
 * the page, so the service worker's copy of the page works with no connection at all. The camera
 * scanner (@yudiel/react-qr-scanner and its WebAssembly decoder, served by the site) is loaded only
 * when the official presses "Start scanning" (./GateCamera.tsx); a text field takes a pasted or
 * typed code too (a handheld scanner types it and presses Enter).
 *
 * Each scan joins the device's queue (lib/api/gate.ts: kept in `localStorage`), sent at once when
 * connected, else when the browser says the connection is back, on a return to the tab and every
 * `REFRESH_MS`. The server records each scan once by its id, so a batch sent again after a lost
 * reply admits nobody twice. The latest result shows big, in words and colour, announced to
 * screen readers; a scan made offline says it will be checked later, and one found wrong once
 * checked stays listed until the official dismisses it. The gate's name is asked once and kept on
 * the device. Counts come from the server every `REFRESH_MS` while connected.
 */
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore, type ComponentType, type FormEvent } from 'react';
import ui from '@/components/ui/ui.module.css';
import {
  applyReplies,
  dismissEntry,
  enqueueScan,
  fetchGateCounts,
  gateNameOf,
  isRepeat,
  newScan,
  offlineProblems,
  payAtGate,
  readGateCopy,
  readGateName,
  scanCodeOf,
  sendScans,
  writeGateCopy,
  writeGateName,
  type GateCallError,
  type GateDeviceCopy,
  type GateLogEntry,
} from '@/lib/api/gate';
import { TICKET_SCAN_BATCH_MAX, type GateCounts } from '@/lib/contracts/ticket-scans';
import { formatCents, formatDate, formatDateTime } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import type { GateCameraProps } from './GateCamera';
import dynamic from 'next/dynamic';
import css from './gate.module.css';

/** How often the scanner sends what waits and reads the counts while connected, in ms. */
export const REFRESH_MS = 30_000;
/** How many recent scans the page lists. */
const RECENT = 10;
/** The scans' log, the offline problems and the counts, fetched right after the page loads (kept by the worker with the page's files): not needed to scan. */
const GateReports = dynamic(() => import('./GateReports'), { ssr: false });

const subscribeOnline = (notify: () => void) => {
  window.addEventListener('online', notify);
  window.addEventListener('offline', notify);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
  };
};

/** A short buzz when the browser can (a phone): one for an admission, three for a refusal. */
function buzz(admitted: boolean) {
  try {
    navigator.vibrate?.(admitted ? 120 : [200, 80, 200, 80, 200]);
  } catch {
    // No vibration here.
  }
}

export interface GateScannerProps {
  eventId: number;
  /** Whether this viewer takes payments for the event (its promoter's staff; an official scans but does not handle the promoter's money). */
  canTakePayment?: boolean;
}

/** The scanner (see the file's docstring); the default export, for the desk's gate page. */
export default function GateScanner({ eventId, canTakePayment = true }: GateScannerProps) {
  const t = useTranslations('desk.gate');
  const locale = useLocale();
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
  const [copy, setCopy] = useState<GateDeviceCopy>({ pending: [], log: [] });
  const [gate, setGate] = useState<string | null>(null);
  const [editingGate, setEditingGate] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [current, setCurrent] = useState<string | null>(null);
  const [counts, setCounts] = useState<GateCounts | null>(null);
  const [sessionEnded, setSessionEnded] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const [Camera, setCamera] = useState<ComponentType<GateCameraProps> | null>(null);
  const [cameraState, setCameraState] = useState<'off' | 'loading' | 'on' | 'failed'>('off');
  const [cameraError, setCameraError] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [payment, setPayment] = useState<{ order: string; state: 'busy' | 'done' | 'failed'; code?: string } | null>(null);
  const copyRef = useRef(copy);
  const sendingRef = useRef(false);
  const againRef = useRef(false);
  const lastRef = useRef<{ code: string; atMs: number } | null>(null);
  const codeId = useId();
  const gateId = useId();
  // The scan whose answer shows big (read by the sender: a new scan must not restart the timers).
  const currentRef = useRef<string | null>(null);

  const update = useCallback(
    (next: GateDeviceCopy) => {
      copyRef.current = next;
      setCopy(next);
      writeGateCopy(eventId, next);
    },
    [eventId],
  );

  // The device's copy and gate name, read after hydration (the server's HTML has neither).
  useEffect(() => {
    const timer = window.setTimeout(() => {
      const stored = readGateCopy(eventId);
      copyRef.current = stored;
      setCopy(stored);
      setGate(readGateName());
      setLoaded(true);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [eventId]);

  /** Sends what waits (in batches), then reads the counts. Offline: keeps it all for later. */
  const sync = useCallback(async () => {
    if (!navigator.onLine) return;
    // One call at a time; a scan made meanwhile is sent as soon as the current call ends.
    if (sendingRef.current) {
      againRef.current = true;
      return;
    }
    sendingRef.current = true;
    try {
      while (copyRef.current.pending.length) {
        const waiting = copyRef.current.pending.length;
        const batch = copyRef.current.pending.slice(0, TICKET_SCAN_BATCH_MAX);
        const { results: replies } = await sendScans(eventId, batch);
        update(applyReplies(copyRef.current, replies));
        const newest = replies.find((r) => r.id === currentRef.current);
        if (newest) buzz(newest.result === 'admitted');
        // A reply that answered none of them: try again later rather than loop.
        if (copyRef.current.pending.length >= waiting) break;
      }
      setCounts(await fetchGateCounts(eventId));
      setSessionEnded(false);
      setRefused(null);
    } catch (err) {
      const failure = err as GateCallError;
      if (failure.kind === 'refused' && failure.status === 401) setSessionEnded(true);
      // Refused otherwise (the event gone, a malformed batch): the scans stay on the device, and the official is told.
      else if (failure.kind === 'refused') setRefused(failure.code);
    } finally {
      sendingRef.current = false;
      if (againRef.current) {
        againRef.current = false;
        window.setTimeout(() => void syncRef.current(), 0);
      }
    }
  }, [eventId, update]);
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
  }, [loaded, sync]);

  /** Records a scan of `raw` (from the camera, or typed) and sends it at once when connected. */
  const scan = (raw: string, fromCamera: boolean) => {
    const code = scanCodeOf(raw);
    if (!code || !gate) return;
    const now = Date.now();
    if (fromCamera && isRepeat(lastRef.current, code, now)) return;
    lastRef.current = { code, atMs: now };
    const entry = newScan(code, gate, new Date(now), navigator.onLine);
    update(enqueueScan(copyRef.current, entry));
    currentRef.current = entry.id;
    setCurrent(entry.id);
    setPayment(null);
    void sync();
  };

  const onTyped = (e: FormEvent) => {
    e.preventDefault();
    scan(typed, false);
    setTyped('');
  };

  const startCamera = () => {
    setCameraState('loading');
    setCameraError(null);
    import('./GateCamera')
      .then((m) => {
        setCamera(() => m.default);
        setCameraState('on');
      })
      .catch(() => setCameraState('failed'));
  };

  const pay = async (order: string) => {
    setPayment({ order, state: 'busy' });
    try {
      await payAtGate(eventId, order);
      setPayment({ order, state: 'done' });
      lastRef.current = null;
      void sync();
    } catch (err) {
      const failure = err as GateCallError;
      setPayment({ order, state: 'failed', code: failure.kind === 'offline' ? 'offline' : failure.code });
    }
  };

  const saveGate = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const name = gateNameOf(String(new FormData(e.currentTarget).get('gate') ?? ''));
    if (!name) return;
    writeGateName(name);
    setGate(name);
    setEditingGate(false);
  };

  const entry = current ? (copy.log.find((l) => l.scan.id === current) ?? null) : null;
  const problems = offlineProblems(copy);
  const time = (iso: string) => formatDateTime(new Date(iso), locale);

  if (!loaded) return <p className={css.muted}>{t('loading')}</p>;

  return (
    <div className={css.gate}>
      <div className={css.statusBar} role="status" data-testid="gate-status">
        <span className={online ? css.online : css.offline}>{online ? t('online') : t('offline')}</span>
        <span>{copy.pending.length ? t('pending', { count: copy.pending.length }) : t('synced')}</span>
        {gate && !editingGate ? (
          <span>
            {t('gateIs', { gate })}{' '}
            <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => setEditingGate(true)}>
              {t('changeGate')}
            </button>
          </span>
        ) : null}
        {sessionEnded ? <span className={css.alertText}>{t('sessionEnded')}</span> : null}
        {refused && !sessionEnded ? <span className={css.alertText}>{t('refused', { code: refused })}</span> : null}
      </div>

      {!gate || editingGate ? (
        <form className={css.gateForm} onSubmit={saveGate} data-testid="gate-name-form">
          <label htmlFor={gateId}>{t('gateQuestion')}</label>
          <input id={gateId} name="gate" className={ui.input} defaultValue={gate ?? ''} maxLength={40} required autoComplete="off" placeholder={t('gatePlaceholder')} />
          <button type="submit" className={`${ui.button} ${ui.contained}`}>
            {t('saveGate')}
          </button>
        </form>
      ) : (
        <>
          <div className={css.resultSlot} aria-live="assertive" aria-atomic="true" data-testid="gate-result">
            {entry ? <ScanResult eventId={eventId} entry={entry} online={online} payment={payment} onPay={(order) => void pay(order)} canTakePayment={canTakePayment} time={time} /> : <p className={css.idle}>{t('idle')}</p>}
          </div>

          <div className={css.controls}>
            {cameraState === 'on' && Camera ? (
              <>
                <Camera onCode={(code) => scan(code, true)} onError={(kind) => setCameraError(kind)} />
                <button type="button" className={`${ui.button} ${ui.outlined}`} onClick={() => setCameraState('off')}>
                  {t('stopCamera')}
                </button>
              </>
            ) : (
              <button type="button" className={`${ui.button} ${ui.contained} ${ui.large}`} onClick={startCamera} disabled={cameraState === 'loading'} data-testid="gate-start-camera">
                {cameraState === 'loading' ? t('cameraLoading') : t('startCamera')}
              </button>
            )}
            {cameraState === 'failed' ? <p className={css.alertText}>{t('cameraUnavailable')}</p> : null}
            {cameraError ? <p className={css.alertText}>{t(`cameraErrors.${cameraError === 'permission-denied' || cameraError === 'no-camera' || cameraError === 'in-use' || cameraError === 'insecure-context' ? cameraError : 'other'}`)}</p> : null}
            <form className={css.codeForm} onSubmit={onTyped}>
              <label htmlFor={codeId}>{t('typedCode')}</label>
              <input id={codeId} className={ui.input} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" autoCapitalize="off" spellCheck={false} enterKeyHint="go" data-testid="gate-code" />
              <button type="submit" className={`${ui.button} ${ui.outlined}`} disabled={!typed.trim()}>
                {t('check')}
              </button>
            </form>
          </div>
        </>
      )}

      {/* What was scanned, what went wrong offline, and the counts: their own chunk, loaded right after the page. */}
      <GateReports counts={counts} online={online} problems={problems} recent={copy.log.slice(0, RECENT)} time={time} onDismiss={(scanId) => update(dismissEntry(copyRef.current, scanId))} />
    </div>
  );
}

/** The latest scan's result, big: the word, the name, what to do. */
function ScanResult({
  eventId,
  entry,
  online,
  canTakePayment,
  payment,
  onPay,
  time,
}: {
  eventId: number;
  entry: GateLogEntry;
  online: boolean;
  payment: { order: string; state: 'busy' | 'done' | 'failed'; code?: string } | null;
  onPay: (order: string) => void;
  canTakePayment: boolean;
  time: (iso: string) => string;
}) {
  const t = useTranslations('desk.gate');
  const locale = useLocale();
  const reply = entry.reply;
  if (!reply) {
    const queued = entry.scan.offline || !online;
    return (
      <div className={`${css.result} ${css.wait}`}>
        <p className={css.word}>{queued ? t('results.queued') : t('results.checking')}</p>
        {queued ? <p>{t('willCheck')}</p> : null}
      </div>
    );
  }
  const ok = reply.result === 'admitted';
  const paidHere = payment && reply.order && payment.order === reply.order ? payment : null;
  return (
    <div className={`${css.result} ${ok ? css.ok : reply.result === 'unpaid' || reply.result === 'waiver_missing' ? css.fix : css.bad}`} data-result={reply.result}>
      <p className={css.word}>
        <span aria-hidden="true">{ok ? '✓ ' : '✗ '}</span>
        {t(`results.${reply.result}`)}
      </p>
      {reply.name ? <p className={css.name}>{reply.name}</p> : null}
      {reply.result === 'already_used' && reply.usedAt ? <p>{t('usedAt', { time: time(reply.usedAt), gate: reply.usedGate ?? '—' })}</p> : null}
      {reply.conflict ? <p>{t('conflict')}</p> : null}
      {reply.result === 'wrong_day' && reply.day ? <p>{t('ticketDay', { day: formatDate(reply.day, locale) })}</p> : null}
      {reply.result === 'wrong_event' ? <p>{t('explain.wrong_event')}</p> : null}
      {reply.result === 'voided' ? <p>{t('explain.voided')}</p> : null}
      {reply.result === 'invalid' ? <p>{t('explain.invalid')}</p> : null}
      {reply.result === 'unpaid' && reply.order ? (
        paidHere?.state === 'done' ? (
          <p className={css.name}>{t('paidScanAgain')}</p>
        ) : !canTakePayment ? (
          <p>{t('payByStaff', { amount: formatCents(reply.dueCents ?? 0, locale) })}</p>
        ) : (
          <>
            <button type="button" className={`${ui.button} ${ui.contained} ${ui.large}`} disabled={!online || paidHere?.state === 'busy'} onClick={() => onPay(reply.order!)} data-testid="gate-pay">
              {t('payAtGate', { amount: formatCents(reply.dueCents ?? 0, locale) })}
            </button>
            {!online ? <p>{t('needsConnection')}</p> : null}
            {paidHere?.state === 'failed' ? <p>{paidHere.code === 'order_expired' ? t('payExpired') : paidHere.code === 'offline' ? t('needsConnection') : paidHere.code === 'unauthenticated' ? t('sessionEnded') : t('payFailed')}</p> : null}
          </>
        )
      ) : null}
      {reply.result === 'waiver_missing' ? (
        reply.spectatorId && online ? (
          <p>
            <Link className={`${ui.button} ${ui.contained}`} href={`/desk/events/${eventId}/gate/waiver/${reply.spectatorId}`}>
              {t('signWaiver')}
            </Link>
          </p>
        ) : (
          <p>{online ? t('explain.waiver_missing') : t('needsConnection')}</p>
        )
      ) : null}
    </div>
  );
}
