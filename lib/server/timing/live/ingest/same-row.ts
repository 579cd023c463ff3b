/**
 * Equality of rows as the database returns them, for the diff (./diff-rows.ts: only what differs
 * from what was written is written) and merge mode (./merge-passings.ts).
 */
import { isDeepStrictEqual } from 'node:util';
import type { PassingRow } from '../../../import/rows';

/** Values equal as the database returns them: dates by time, JSON by value (key order ignored). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null) return isDeepStrictEqual(a, b);
  return false;
}

/** Every column of `a` equal in `b` (`sameValue`). */
export function sameRow<T extends object>(a: T, b: T): boolean {
  for (const key of Object.keys(a) as (keyof T)[]) if (!sameValue(a[key], b[key])) return false;
  return true;
}

/** The same passing: entry, lap, times, line and read time. */
export function samePassing(a: PassingRow, b: PassingRow): boolean {
  return (
    a.entryId === b.entryId &&
    a.lapNumber === b.lapNumber &&
    a.lapTimeMs === b.lapTimeMs &&
    a.totalTimeMs === b.totalTimeMs &&
    a.section === b.section &&
    (a.readTime?.getTime() ?? null) === (b.readTime?.getTime() ?? null)
  );
}
