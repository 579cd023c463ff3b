/**
 * What the command-line scripts share (scripts/live.ts, scripts/replay.ts): a usage error (the
 * script prints its message and exits 1), a time-stamped log line, and port parsing.
 */

/** A bad argument: the script prints the message (no stack) and exits with code 1. */
export class UsageError extends Error {}

/** The time of day `HH:MM:SS` (UTC) a log line starts with. */
export function stamp(date: Date = new Date()): string {
  return date.toISOString().slice(11, 19);
}

/** Prints `message` after the time of day. */
export function log(message: string): void {
  console.log(`${stamp()} ${message}`);
}

/**
 * A TCP port from the command line: 1–65535, or 0 too (any free port) with `allowZero`.
 * @throws UsageError "The provided port is invalid: …"
 */
export function parsePort(value: string, { allowZero = false } = {}): number {
  const port = /^\d{1,5}$/.test(value) ? Number(value) : NaN;
  if (!(port >= (allowZero ? 0 : 1) && port <= 65535)) throw new UsageError(`The provided port is invalid: ${value}`);
  return port;
}

/** Runs a script's `main`: a failure prints its message (no stack) and exits 1. */
export function runMain(main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
