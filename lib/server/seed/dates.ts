/**
 * Calendar arithmetic for the seed (dates are `YYYY-MM-DD` strings, computed in UTC so that
 * they never depend on the machine's time zone), and the federation's local date.
 */

export { federationDate } from '../../format';

function toIso(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** `iso` plus `days` (negative: earlier). */
export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return toIso(d);
}

/** Day of the week of `iso`: 0 = Sunday … 6 = Saturday. */
export function weekday(iso: string): number {
  return new Date(`${iso}T12:00:00Z`).getUTCDay();
}

/**
 * The `n`-th `day` (0 = Sunday … 6 = Saturday) of `month` (1–12) in `year`: `nthWeekday(2026,
 * 5, 6, 3)` is the third Saturday of May 2026, 2026-05-16.
 */
export function nthWeekday(year: number, month: number, day: number, n: number): string {
  const first = new Date(Date.UTC(year, month - 1, 1, 12));
  const offset = (day - first.getUTCDay() + 7) % 7;
  return toIso(new Date(Date.UTC(year, month - 1, 1 + offset + (n - 1) * 7, 12)));
}

/** The earlier of two dates. */
export function minDate(a: string, b: string): string {
  return a < b ? a : b;
}
