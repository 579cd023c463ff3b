/**
 * The riders of a series as the standings see them (issue 9 "a way to merge and split
 * participants"; `npm run riders -- list <seriesId>`): one row per rider key with the
 * participant records behind it, the latest record's number, names, hometown and brand, and
 * the classes raced. What `mergeRiders` / `splitRider` (./riders.ts) act on.
 */
import 'server-only';
import { loadSeries } from './load-series';
import { cachedRead } from '../cache/read-cache';
import { tagRead, tags } from '../cache/tags';

export interface SeriesRider {
  riderKey: string;
  /** The latest participant record of the rider (the latest result's). */
  participantId: number;
  /** Every participant record sharing the key, lowest id first. */
  participantIds: number[];
  number: string | null;
  firstName: string;
  lastName: string;
  city: string | null;
  state: string | null;
  brand: string | null;
  classes: string[];
  /** Results in the series' public races. */
  results: number;
}

/**
 * The riders of public series `seriesId`, by last name, first name, key.
 * @throws AppError `not_found` when the series is unknown or hidden.
 */
export const listSeriesRiders = cachedRead('listSeriesRiders', async function listSeriesRiders(seriesId: number): Promise<SeriesRider[]> {
  tagRead(tags.series(seriesId));
  const { results } = await loadSeries(seriesId);
  const riders = new Map<string, SeriesRider>();
  for (const r of results) {
    const before = riders.get(r.riderKey);
    // Results come in event order: the last one names the rider.
    const rider: SeriesRider = {
      riderKey: r.riderKey,
      participantId: r.participantId,
      participantIds: before?.participantIds ?? [],
      number: r.raceNumber,
      firstName: r.firstName,
      lastName: r.lastName,
      city: r.city,
      state: r.state,
      brand: r.brand,
      classes: before?.classes ?? [],
      results: before?.results ?? 0,
    };
    if (!rider.participantIds.includes(r.participantId)) rider.participantIds.push(r.participantId);
    if (r.className !== null && !rider.classes.includes(r.className)) rider.classes.push(r.className);
    rider.results += 1;
    riders.set(r.riderKey, rider);
  }
  const collator = new Intl.Collator('en', { sensitivity: 'base' });
  return [...riders.values()]
    .map((r) => ({ ...r, participantIds: [...r.participantIds].sort((a, b) => a - b) }))
    .sort((a, b) => collator.compare(a.lastName, b.lastName) || collator.compare(a.firstName, b.firstName) || a.riderKey.localeCompare(b.riderKey));
});
