/**
 * The series page's URL parameters besides the table's query (`SeriesQuery`): the rider whose
 * season dialog is open and the class of that row (a rider may score in several classes).
 * `rider` is taken: it is the participant filter of the table.
 */
import type { SeriesQuery } from '@/lib/contracts/series';

export const SEASON_PARAM = 'season';
export const SEASON_CLASS_PARAM = 'seasonClass';

/** The URL query of a series view, without empty values; `extra` adds or overrides parameters. */
export function seriesSearch(query: SeriesQuery, extra: Record<string, string | null> = {}): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...query, ...extra })) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  return params;
}
