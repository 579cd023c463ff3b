/**
 * Typed client calls for the series pages (spec §7 livelaps/series/*), used by client
 * components through TanStack Query (the client's 10 s timeout is the spec's series timeout).
 * Replies are checked against the contracts.
 */
import { riderSeason, seriesFilters, seriesPaths, type RiderSeason, type SeriesFilters } from '@/lib/contracts/series';
import { apiGet } from './client';

/**
 * GET livelaps/series/{id}/rider?key=&class= (`seriesPaths.riderSeason`): a rider's season in a
 * series — every race result event by event and the points after each round.
 * @throws ApiClientError (`not_found` when the series or the rider is unknown).
 */
export async function fetchRiderSeason(seriesId: number, riderKey: string, className: string | null): Promise<RiderSeason> {
  return riderSeason.parse(await apiGet(seriesPaths.riderSeason(seriesId, riderKey, className)));
}

/**
 * GET livelaps/series/filters/{id} (spec §3 Series filters): brands, classes, class groups,
 * participants (rider key, number, name) and events of a series. The participant picker loads
 * it when the filter panel opens.
 */
export async function fetchSeriesFilters(seriesId: number): Promise<SeriesFilters> {
  return seriesFilters.parse(await apiGet(`/livelaps/series/filters/${seriesId}`));
}
