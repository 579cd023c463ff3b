/**
 * How long a waiver is kept (issue 27 "kept as long as the federation's retention setting says (a
 * minor's at least until they turn 18 plus the limitation period), then deleted by a scheduled
 * job"): the signing day plus the retention (CMS site parameter `WaiverRetentionYears`, default 7
 * years), and, for a person who was a minor, at least their 18th birthday plus the limitation
 * period (CMS parameter `WaiverLimitationYears`, default 3 years). Days are YYYY-MM-DD in the
 * federation's calendar; a 29 February plus whole years falls on 28 February. Pure: no database,
 * no `server-only`.
 */

/** The defaults when the CMS sets nothing (years). */
export const DEFAULT_WAIVER_RETENTION_YEARS = 7;
export const DEFAULT_WAIVER_LIMITATION_YEARS = 3;
/** The age of majority the limitation period runs from. */
export const MAJORITY_AGE = 18;

/** `day` (YYYY-MM-DD) plus `years` whole years (29 February → 28 February of a common year). */
export function addYears(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const year = y + years;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const dd = m === 2 && d === 29 && !leap ? 28 : d;
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(dd).padStart(2, '0')}`;
}

/** What the retention of one waiver depends on. */
export interface KeepUntilInput {
  /** The federation's day of signing (YYYY-MM-DD). */
  signedOn: string;
  /** The covered person's birthday (YYYY-MM-DD), when known. */
  birthday: string | null;
  retentionYears?: number;
  limitationYears?: number;
}

/**
 * The last day waiver `input` is kept (YYYY-MM-DD): the later of signing day + retention and, when
 * the birthday is known, 18th birthday + limitation (for an adult the latter is already past, so
 * the former wins).
 */
export function waiverKeepUntil(input: KeepUntilInput): string {
  const retention = input.retentionYears ?? DEFAULT_WAIVER_RETENTION_YEARS;
  const limitation = input.limitationYears ?? DEFAULT_WAIVER_LIMITATION_YEARS;
  const base = addYears(input.signedOn, retention);
  if (!input.birthday) return base;
  const minor = addYears(input.birthday, MAJORITY_AGE + limitation);
  return minor > base ? minor : base;
}
