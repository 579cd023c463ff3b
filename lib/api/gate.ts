/**
 * Client calls and device copy of the gate scanner (issue 28 "The gate scanner in the desk: … one
 * scan admits once …; an unpaid ticket is paid at the scan; … counts per gate and per hour; keeps
 * scanning without a connection and reconciles when it returns (a ticket scanned twice offline is
 * reported, not hidden)"):
 *  - the calls: a batch of scans (POST /ll/api/v1/desk/events/{id}/gate/scans `{ scans }` →
 *    `{ results }`), the counts (GET …/gate/counts), a payment at the gate (POST …/gate/pay
 *    `{ order }`); shapes in lib/contracts/ticket-scans.ts (zod-free);
 *  - the device's copy: the scans not answered yet and the latest answers, kept in `localStorage`
 *    under `ll-sign-on:gate:{eventId}` (the sign-on prefix, so logging out clears it with the
 *    sign-on copies: lib/api/sign-on.ts `clearDeviceCopies`), and the gate's name under
 *    `ll-gate-name` (chosen once, kept on the device across logins);
 *  - pure helpers for the queue (`enqueueScan`, `applyReplies`, `offlineProblems`, `isRepeat`),
 *    unit-tested beside.
 * The browser's `fetch` itself rather than ./client.ts: the scanner comes with its page's first
 * load (it must work from the service worker's copy), and the page stays light.
 */
import { BASE_PATH } from '@/lib/config';
import { GATE_NAME_MAX, TICKET_CODE_MAX, type GateCounts, type GatePayment, type TicketScanInput, type TicketScanReply, type TicketScanSyncResult } from '@/lib/contracts/ticket-scans';

/** Where the scanner's decoder (zxing-wasm's reader, the version barcode-detector pins) is served from the site, never a CDN (app/scanner/[file]/route.ts). */
export const SCANNER_WASM_VERSION = '3.1.3';
export const SCANNER_WASM_FILE = `zxing_reader-${SCANNER_WASM_VERSION}.wasm`;
export const SCANNER_WASM_URL = `${BASE_PATH}/scanner/${SCANNER_WASM_FILE}`;

/** A scan's answer (a `waiver_missing` ticket's spectator signs at `/desk/events/{id}/gate/waiver/{spectatorId}`). */
export type GateReply = TicketScanReply;

/** One line of the device's log: a scan and, once the server answered, its answer. */
export interface GateLogEntry {
  scan: TicketScanInput;
  reply: GateReply | null;
  /** The official dismissed it from the list of problems found after reconnecting. */
  dismissed?: boolean;
}

/** What a device keeps for one event: the scans not answered yet (oldest first) and the latest log (newest first). */
export interface GateDeviceCopy {
  pending: TicketScanInput[];
  log: GateLogEntry[];
}

/** How many log lines a device keeps (the newest). */
export const GATE_LOG_MAX = 100;
/** The same code read again within this many ms is the camera seeing the same ticket, not a new scan. */
export const REPEAT_WINDOW_MS = 4000;

/** Why a call failed: no reply (`offline`: keep the scans, try again later), or a refusal with its status and the API's code. */
export type GateCallError = { kind: 'offline' } | { kind: 'refused'; status: number; code: string };

const base = (eventId: number) => `${BASE_PATH}/api/v1/desk/events/${eventId}/gate`;
/** The `localStorage` key prefix of the scan queues (under the sign-on prefix: cleared at logout). */
export const GATE_STORAGE_PREFIX = 'll-sign-on:gate:';
/** The `localStorage` key of the device's gate name. */
export const GATE_NAME_KEY = 'll-gate-name';

/** `init` sent to `url` within `timeoutMs`: the JSON reply, else a `GateCallError`. */
async function call<T>(url: string, init: RequestInit, timeoutMs: number): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, credentials: 'same-origin', cache: 'no-store', signal: AbortSignal.timeout(timeoutMs), headers: { Accept: 'application/json', ...(init.body ? { 'Content-Type': 'application/json' } : {}) } });
  } catch {
    throw { kind: 'offline' } satisfies GateCallError;
  }
  const data = (await res.json().catch(() => null)) as (T & { error?: unknown }) | null;
  // A reply the service worker or a proxy made up while the site is away counts as no reply.
  if (res.status === 502 || res.status === 503 || res.status === 504) throw { kind: 'offline' } satisfies GateCallError;
  if (!res.ok || data === null) throw { kind: 'refused', status: res.status, code: typeof data?.error === 'string' ? data.error : 'request_error' } satisfies GateCallError;
  return data;
}

/** Sends `scans` (oldest first). @returns each scan's answer. @throws GateCallError */
export function sendScans(eventId: number, scans: TicketScanInput[]): Promise<TicketScanSyncResult> {
  return call<TicketScanSyncResult>(`${base(eventId)}/scans`, { method: 'POST', body: JSON.stringify({ scans }) }, 20_000);
}

/** The event's admissions per gate and per hour, and its totals. @throws GateCallError */
export function fetchGateCounts(eventId: number): Promise<GateCounts> {
  return call<GateCounts>(`${base(eventId)}/counts`, { method: 'GET' }, 8000);
}

/** Records that what is due on order `order` (its public id) was paid at the gate. @throws GateCallError */
export function payAtGate(eventId: number, order: string): Promise<GatePayment> {
  return call<GatePayment>(`${base(eventId)}/pay`, { method: 'POST', body: JSON.stringify({ order }) }, 15_000);
}

/** A gate name as typed, trimmed; null when empty or longer than the contract takes. */
export function gateNameOf(text: string): string | null {
  const name = text.trim().replace(/\s+/g, ' ');
  return name && name.length <= GATE_NAME_MAX ? name : null;
}

/** A code as read or typed, trimmed; null when empty or longer than a ticket's code can be. */
export function scanCodeOf(text: string): string | null {
  const code = text.trim();
  return code && code.length <= TICKET_CODE_MAX ? code : null;
}

/** A new scan of `code` at `gate`, now (`at`), made without a connection when `online` is false. */
export function newScan(code: string, gate: string, at: Date, online: boolean, id: string = crypto.randomUUID()): TicketScanInput {
  return { id, code, gate, at: at.toISOString(), offline: !online };
}

/** Whether `code` read at `nowMs` is the last scan's code read again within `REPEAT_WINDOW_MS` (the camera still seeing it). */
export function isRepeat(last: { code: string; atMs: number } | null, code: string, nowMs: number): boolean {
  return last !== null && last.code === code && nowMs - last.atMs < REPEAT_WINDOW_MS;
}

/** `copy` with `scan` waiting to be sent and at the top of the log (kept to `GATE_LOG_MAX` lines). */
export function enqueueScan(copy: GateDeviceCopy, scan: TicketScanInput): GateDeviceCopy {
  return { pending: [...copy.pending, scan], log: [{ scan, reply: null }, ...copy.log].slice(0, GATE_LOG_MAX) };
}

/** `copy` with the server's `replies`: the scans answered leave the queue and their log lines carry their answers (a reply for a scan no longer in the log is dropped). */
export function applyReplies(copy: GateDeviceCopy, replies: readonly GateReply[]): GateDeviceCopy {
  const byId = new Map(replies.map((r) => [r.id, r]));
  return {
    pending: copy.pending.filter((s) => !byId.has(s.id)),
    log: copy.log.map((entry) => (byId.has(entry.scan.id) ? { ...entry, reply: byId.get(entry.scan.id)! } : entry)),
  };
}

/** `copy` with log line `scanId` dismissed from the problems list. */
export function dismissEntry(copy: GateDeviceCopy, scanId: string): GateDeviceCopy {
  return { ...copy, log: copy.log.map((e) => (e.scan.id === scanId ? { ...e, dismissed: true } : e)) };
}

/** The scans made offline whose answer, once the connection returned, was not an admission (a ticket used twice, unpaid, voided …), not dismissed: listed, never hidden. */
export function offlineProblems(copy: GateDeviceCopy): GateLogEntry[] {
  return copy.log.filter((e) => e.scan.offline && e.reply !== null && e.reply.result !== 'admitted' && !e.dismissed);
}

/** The device's copy for `eventId` (an empty one when none, unreadable, or storage unavailable). */
export function readGateCopy(eventId: number): GateDeviceCopy {
  try {
    const raw = window.localStorage.getItem(`${GATE_STORAGE_PREFIX}${eventId}`);
    const copy = raw ? (JSON.parse(raw) as GateDeviceCopy) : null;
    if (copy && Array.isArray(copy.pending) && Array.isArray(copy.log)) return copy;
  } catch {
    // Unreadable: start afresh.
  }
  return { pending: [], log: [] };
}

/** Keeps `copy` on the device (a full storage is ignored: the page still holds it). */
export function writeGateCopy(eventId: number, copy: GateDeviceCopy): void {
  try {
    window.localStorage.setItem(`${GATE_STORAGE_PREFIX}${eventId}`, JSON.stringify(copy));
  } catch {
    // Storage full or refused (private mode): the scanner keeps working from memory.
  }
}

/** The gate name this device was set up with, or null. */
export function readGateName(): string | null {
  try {
    return gateNameOf(window.localStorage.getItem(GATE_NAME_KEY) ?? '');
  } catch {
    return null;
  }
}

/** Keeps the device's gate name. */
export function writeGateName(name: string): void {
  try {
    window.localStorage.setItem(GATE_NAME_KEY, name);
  } catch {
    // Storage refused: the name holds for this visit.
  }
}
