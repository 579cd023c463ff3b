/**
 * What the live ingest logs of a failed database call (the header of ./index.ts, "Failures":
 * logs carry the driver's error message, never the statement or its parameters).
 */

/**
 * What to log of a failed database call: the driver's message and SQLSTATE, never the statement
 * or its parameters (Drizzle's own message carries both: the rider names of a whole batch).
 */
export function errorText(err: unknown): string {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e instanceof Error && e.cause instanceof Error; depth++) e = e.cause;
  if (!(e instanceof Error)) return String(e).slice(0, 200);
  const code = (e as { code?: unknown }).code;
  const message = /^Failed query:/.test(e.message) ? 'query failed' : e.message.split('\n')[0].slice(0, 300);
  return typeof code === 'string' ? `${message} [${code}]` : message;
}
