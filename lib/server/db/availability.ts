/**
 * Whether the race database can be reached (spec §8 Handling; DESIGN.md: an outage reads as
 * "temporarily unavailable", never as "not found"). A query failing for a connection-class
 * reason marks the database down at once; while it is down a probe (registered by the pool in
 * `./index.ts`) retries every second and marks it up again. `proxy.ts` and the API read the
 * flag to answer 503 with `Retry-After` instead of waiting on a dead server.
 *
 * A pool's wait for a connection running out ("timeout exceeded when trying to connect") is an
 * availability failure only once a fresh connection of its own failed too: the pool in
 * `./index.ts` asks before it reports one (issue 22: ten busy connections are no dead server).
 *
 * No database driver is imported here, so `proxy.ts` can read the flag cheaply. State lives
 * on `globalThis`: Next's proxy and its pages are separate bundles in one process.
 */

/** Seconds a client is told to wait (`Retry-After`) while the database is down. */
export const RETRY_AFTER_S = 5;

interface State {
  down: boolean;
  since: number;
  reason: string;
  probe?: () => void;
}

const key = Symbol.for('ll.database.availability');
const store = globalThis as unknown as Record<symbol, State | undefined>;
const state = (): State => (store[key] ??= { down: false, since: 0, reason: '' });

/** SQLSTATE codes that mean "cannot reach or use the server right now". */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '53100', '58030']);
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);
const UNAVAILABLE_MESSAGES = [/connection terminated/i, /timeout exceeded when trying to connect/i, /connection timeout/i, /query read timeout/i, /client has encountered a connection error/i, /not queryable/i];

/**
 * True when `err` (or any error in its `cause` chain, as Drizzle wraps driver errors) says the
 * database could not be reached or is restarting, rather than that the query was wrong.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e !== 'object') break;
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_ERRNOS.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((re) => re.test(message))) return true;
    if (e instanceof AggregateError && e.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}

/** True while the database is known to be unreachable. */
export function isDatabaseDown(): boolean {
  return state().down;
}

/**
 * Records a failed database call: when it is an availability failure, marks the database down
 * (logged once per outage) and starts the probe. Answers whether it was one.
 */
export function reportDatabaseError(err: unknown): boolean {
  if (!isDatabaseUnavailable(err)) return false;
  const s = state();
  if (!s.down) {
    s.down = true;
    s.since = Date.now();
    s.reason = err instanceof Error ? err.message : String(err);
    console.error(`[db] database unreachable (${s.reason}); answering 503 until it is back`);
    s.probe?.();
  }
  return true;
}

/** Marks the database reachable again (called by the probe once a fresh connection answers). */
export function reportDatabaseUp(): void {
  const s = state();
  if (!s.down) return;
  s.down = false;
  console.info(`[db] database reachable again after ${Math.round((Date.now() - s.since) / 1000)} s`);
}

/** Registers the function that starts probing while the database is down (the pool's). */
export function setDatabaseProbe(probe: () => void): void {
  state().probe = probe;
}
