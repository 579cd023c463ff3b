/**
 * POST livelaps/series/results/{seriesId} (spec §7; §3 Series table; §4 Series results): the
 * standings of a public series computed from its rules (./engine) over its public events,
 * then filtered (brands, classes, classesResults, eventsResults, groups, groupsClassesAwards,
 * participants), ordered (orderBy, orderDesc) and paged (page, size; -1 = all). `indexScore`
 * changes nothing here: every event cell carries its overall, class and group score.
 */
import 'server-only';
import type { SeriesResults, SeriesResultsRequest } from '../../contracts/series';
import { computeStandings } from './engine';
import { loadSeries } from './load-series';
import { buildSeriesResults } from './series-table';
import { cachedRead } from '../cache/read-cache';
import { tagRead, tags } from '../cache/tags';

/**
 * The series table of public series `seriesId`.
 * @throws AppError `not_found` when the series is unknown or hidden (or its promoter).
 */
export const getSeriesResults = cachedRead('getSeriesResults', async function getSeriesResults(seriesId: number, request: SeriesResultsRequest): Promise<SeriesResults> {
  tagRead(tags.series(seriesId));
  const loaded = await loadSeries(seriesId);
  return buildSeriesResults(loaded, loaded.events, computeStandings(loaded.input), request);
});
