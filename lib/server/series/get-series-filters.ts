/**
 * GET livelaps/series/filters/{id} (spec §7; §3 Series filters: brands, className, classGroup,
 * participants, events): what the series table can be filtered by, from its standings (only
 * classes that count): brands A–Z, classes and class groups in their order, riders by last
 * name (rider key, latest number, "First Last"), the rounds.
 */
import 'server-only';
import type { SeriesFilters } from '../../contracts/series';
import { computeStandings } from './engine';
import { loadSeries } from './load-series';
import { byName, toResultRows } from './series-table';
import { cachedRead } from '../cache/read-cache';
import { tagRead, tags } from '../cache/tags';

/**
 * The filters of public series `seriesId`.
 * @throws AppError `not_found` when the series is unknown or hidden.
 */
export const getSeriesFilters = cachedRead('getSeriesFilters', async function getSeriesFilters(seriesId: number): Promise<SeriesFilters> {
  tagRead(tags.series(seriesId));
  const loaded = await loadSeries(seriesId);
  const rows = toResultRows(loaded, computeStandings(loaded.input).rows);
  const rank = (order: Map<string, number>) => (a: string, b: string) => (order.get(a) ?? order.size) - (order.get(b) ?? order.size) || a.localeCompare(b);
  const distinct = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => !!v))];
  const riders = new Map<string, SeriesFilters['participants'][number]>();
  for (const r of [...rows].sort(byName)) {
    if (!riders.has(r.riderKey)) riders.set(r.riderKey, { riderKey: r.riderKey, number: r.number, name: `${r.firstName} ${r.lastName}`.trim() });
  }
  return {
    brands: distinct(rows.map((r) => r.brand)).sort((a, b) => a.localeCompare(b)),
    classes: distinct(rows.map((r) => r.className)).sort(rank(loaded.classOrder)),
    groups: distinct(rows.map((r) => r.classGroup)).sort(rank(loaded.groupOrder)),
    participants: [...riders.values()],
    events: loaded.events,
  };
});
