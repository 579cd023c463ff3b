/**
 * Structured logs (issue 29 "Health and metrics … structured logs"): one JSON object per line
 * on stdout (pino), so that an operator's collector reads fields, not prose. Every line has
 * `time` (ISO 8601), `level` (its name: `info`, `warn`, `error`…), `service` (`site`, `api`,
 * `jobs`, `cache`, `live`…), `pid` and `msg`; an error goes under `err` as `loggableError`'s
 * one-line summary (./loggable-error.ts: never a query's parameters, which carry personal data).
 *
 * LOG_LEVEL sets the threshold (`info` by default; `silent` for none). Requests are logged
 * (`service: "access"`: method, path without its query, status, ms, bytes, cache answer, the
 * request id) when ACCESS_LOG=1: `npm run start:cluster` turns it on, a laptop's `npm start`
 * leaves it off (the proxy in front usually keeps an access log of its own).
 *
 * No `server-only` marker: the site's server and the scripts load it under plain Node.
 */
import pino, { type Logger } from 'pino';

/** The names `service` takes. */
export type LogService = 'site' | 'api' | 'access' | 'jobs' | 'cache' | 'live' | 'db' | 'cms' | 'mail' | 'start';

// Through `process.stdout` (synchronous for files and pipes on Linux), not a file descriptor of
// pino's own: the supervisor and the tests read what the process writes there.
const root: Logger = pino(
  {
    level: process.env.LOG_LEVEL ?? 'info',
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  },
  process.stdout,
);

const children = new Map<LogService, Logger>();

/** The logger of `service` (one per service, kept). */
export function logger(service: LogService): Logger {
  let child = children.get(service);
  if (!child) {
    // Request lines are asked for by ACCESS_LOG, whatever LOG_LEVEL says of the rest.
    child = service === 'access' ? root.child({ service }, { level: 'info' }) : root.child({ service });
    children.set(service, child);
  }
  return child;
}

/** Whether each request gets an access log line (ACCESS_LOG=1; read at each request, so tests and operators may change it). */
export function accessLogOn(): boolean {
  return process.env.ACCESS_LOG === '1' || process.env.ACCESS_LOG === 'true';
}
