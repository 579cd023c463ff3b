/**
 * A race's filters (spec §3 Race filters; §7 livelaps/race/filters/{id}): brands, classes,
 * class groups and participants, from the race's results.
 */
import 'server-only';
import type { RaceConfig, RaceFilters, ResultRow } from '../../contracts/results';

const distinct = (values: (string | null)[]) =>
  [...new Set(values.filter((v): v is string => !!v))].sort((a, b) => a.localeCompare(b));

/**
 * The filter choices of a race: brands and class groups sorted by name, classes in the race's
 * configured order (only those with results), participants in result order.
 */
export function getRaceFilters(config: RaceConfig, results: ResultRow[]): RaceFilters {
  const present = new Set(results.map((r) => r.className));
  const configured = (Array.isArray(config.classes) ? config.classes : []).filter((c) => present.has(c));
  const extra = distinct(results.map((r) => r.className)).filter((c) => !configured.includes(c));
  return {
    brands: distinct(results.map((r) => r.brand)),
    classes: [...configured, ...extra],
    groups: distinct(results.map((r) => r.classGroup)),
    participants: results.map((r) => ({ entryId: r.entryId, number: r.number, name: `${r.firstName} ${r.lastName}`.trim() })),
  };
}
