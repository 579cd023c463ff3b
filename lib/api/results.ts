/**
 * Typed client calls for the results pages (spec §7 livelaps/race/*), used by client
 * components through TanStack Query. Replies are checked against the contracts.
 */
import { lapChart, raceFilters, riderDetail, type LapChart, type RaceFilters, type RiderDetail } from '@/lib/contracts/results';
import { apiGet } from './client';

/** GET livelaps/race/filters/{id}: brands, classes, groups, participants. */
export async function fetchRaceFilters(raceId: number): Promise<RaceFilters> {
  return raceFilters.parse(await apiGet(`/livelaps/race/filters/${raceId}`));
}

/** GET livelaps/race/rider/{raceId}/{entryId}: the rider's result, laps and sections. */
export async function fetchRiderDetail(raceId: number, entryId: number): Promise<RiderDetail> {
  return riderDetail.parse(await apiGet(`/livelaps/race/rider/${raceId}/${entryId}`));
}

/** GET livelaps/race/lapchart/{id}: the leaders' position at the end of each lap. */
export async function fetchLapChart(raceId: number): Promise<LapChart> {
  return lapChart.parse(await apiGet(`/livelaps/race/lapchart/${raceId}`));
}
