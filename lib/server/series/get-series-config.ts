/**
 * GET livelaps/series/config/{id} (spec §7; §3 Series: config with classes, columns,
 * sections): the classes that count (the rules' classes in their order, else the classes
 * raced, within the rules' class groups when given, in class order), the table's columns
 * (SERIES_COLUMNS, less the group ones when none of those classes has a group), the rounds'
 * names as sections, the series type and its rules.
 */
import 'server-only';
import { SERIES_COLUMNS, type SeriesConfig } from '../../contracts/series';
import { loadSeries } from './load-series';
import { cachedRead } from '../cache/read-cache';
import { tagRead, tags } from '../cache/tags';

const GROUP_COLUMNS = new Set<string>(['groupPosition', 'group', 'groupPoints']);

/**
 * The configuration of public series `seriesId`.
 * @throws AppError `not_found` when the series is unknown or hidden.
 */
export const getSeriesConfig = cachedRead('getSeriesConfig', async function getSeriesConfig(seriesId: number): Promise<SeriesConfig> {
  tagRead(tags.series(seriesId));
  const loaded = await loadSeries(seriesId);
  const { rules, seriesType } = loaded.series;
  const groupOf = (name: string) => loaded.classGroupOf.get(name) ?? loaded.results.find((r) => r.className === name)?.classGroup ?? null;
  const raced = [...new Set(loaded.results.map((r) => r.className).filter((c): c is string => c !== null))];
  const groups = new Set(rules.classGroups);
  const rank = (c: string) => loaded.classOrder.get(c) ?? loaded.classOrder.size;
  const classes = rules.classes.length
    ? rules.classes
    : raced.filter((c) => !groups.size || groups.has(groupOf(c) ?? '')).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const anyGroup = classes.some((c) => groupOf(c) !== null);
  return {
    classes,
    columns: SERIES_COLUMNS.filter((c) => anyGroup || !GROUP_COLUMNS.has(c)),
    sections: loaded.events.map((e) => e.name),
    seriesType,
    rules,
  };
});
