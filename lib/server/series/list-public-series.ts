/**
 * GET livelaps/series (spec §7; §2 /series; §3 Series: name, start date, end date, race
 * count): every public series of a public promoter, newest season first, as the cards of
 * lib/server/promoters/list-series.ts (rounds: its public events).
 */
import 'server-only';
import { listSeriesCards, type SeriesCard } from '../promoters/list-series';

/** Every public series, newest season first (then by name). */
export function listPublicSeries(): Promise<SeriesCard[]> {
  return listSeriesCards();
}
