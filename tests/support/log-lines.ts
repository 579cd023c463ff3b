/**
 * The structured log lines (lib/server/log) a piece of code writes, parsed: stdout is replaced
 * while `capture` is on (nothing reaches the terminal), and every JSON line is kept.
 */
import { vi } from 'vitest';

export interface LogLine {
  level: string;
  service: string;
  msg: string;
  [field: string]: unknown;
}

/** Starts capturing; `lines()` gives what was logged so far, `stop()` restores stdout. */
export function captureLogLines(): { lines: () => LogLine[]; stop: () => void } {
  const written: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: string | Uint8Array) => {
    written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return true;
  }) as typeof process.stdout.write);
  return {
    lines: () =>
      written
        .join('')
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as LogLine),
    stop: () => spy.mockRestore(),
  };
}
