/**
 * The series table from the engine's standings (spec §3 Series table, §4 Series results, §7
 * series/results/{id}): rows with the rider's number, names, hometown and brand, then the
 * request's filters, order and paging. Pure functions: the API, the pages and the CSV export
 * share them.
 */
import 'server-only';
import type {
  ClubStandingRow,
  EventScore,
  PagingMeta,
  SeriesEvent,
  SeriesEventCell,
  SeriesResultRow,
  SeriesResults,
  SeriesResultsRequest,
  TeamStandingRow,
} from '../../contracts/series';
import type { EngineEventScore, EngineRow, Standings } from './engine/types';
import type { LoadedResult, LoadedSeries } from './load-series';

/** Who a row is: the rider's latest result in the row's class (the latest entry's number, brand, hometown). */
export type RiderInfo = Pick<LoadedResult, 'participantId' | 'raceNumber' | 'firstName' | 'lastName' | 'city' | 'state' | 'brand'>;

const rowId = (riderKey: string, className: string | null) => `${riderKey}\u0000${className ?? ''}`;

/** The latest result of each (rider, class) and of each rider (results are in event order). */
export function riderInfo(results: LoadedResult[]): { byRow: Map<string, RiderInfo>; byRider: Map<string, RiderInfo> } {
  const byRow = new Map<string, RiderInfo>();
  const byRider = new Map<string, RiderInfo>();
  for (const r of results) {
    byRow.set(rowId(r.riderKey, r.className), r);
    byRider.set(r.riderKey, r);
  }
  return { byRow, byRider };
}

const score = (s: EngineEventScore): EventScore => ({ points: s.points, position: s.position, drop: s.drop });

/** The table rows of the engine's rows, with names (every event cell, in the series' event order). */
export function toResultRows(loaded: Pick<LoadedSeries, 'events' | 'results'>, rows: EngineRow[]): SeriesResultRow[] {
  const { byRow, byRider } = riderInfo(loaded.results);
  const names = new Map(loaded.events.map((e) => [e.id, e.name]));
  return rows.map((row) => {
    const who = byRow.get(rowId(row.riderKey, row.className)) ?? byRider.get(row.riderKey);
    return {
      riderKey: row.riderKey,
      participantId: who?.participantId ?? 0,
      number: who?.raceNumber ?? null,
      firstName: who?.firstName ?? '',
      lastName: who?.lastName ?? '',
      city: who?.city ?? null,
      state: who?.state ?? null,
      brand: who?.brand ?? null,
      className: row.className,
      classGroup: row.classGroup,
      overall: { position: row.overall.position, points: row.overall.points },
      class: { position: row.class.position, points: row.class.points },
      group: { position: row.group.position, points: row.group.points },
      eventsScored: row.eventsScored,
      classified: row.classified,
      events: row.events.map(
        (cell): SeriesEventCell | null =>
          cell && { eventId: cell.eventId, raceName: names.get(cell.eventId) ?? '', overall: score(cell.overall), class: score(cell.class), group: score(cell.group) },
      ),
    };
  });
}

/** The request's row filters (empty lists filter nothing): classes, groups, brands, rider keys. */
export function filterRows(rows: SeriesResultRow[], filters: SeriesResultsRequest['filters']): SeriesResultRow[] {
  const lists = (...given: (readonly string[] | undefined)[]) => given.filter((l): l is string[] => !!l && l.length > 0).map((l) => new Set(l));
  const classes = lists(filters.classes, filters.classesResults);
  const groups = lists(filters.groups, filters.groupsClassesAwards);
  const brands = lists(filters.brands);
  const riders = lists(filters.participants);
  const keep = (sets: Set<string>[], value: string | null) => sets.every((s) => value !== null && s.has(value));
  return rows.filter((r) => keep(classes, r.className) && keep(groups, r.classGroup) && keep(brands, r.brand) && keep(riders, r.riderKey));
}

/** Race numbers in natural order: 2 < 10 < 10A < 23A. */
const natural = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
/** By last name, then first name (then rider key). */
export const byName = (a: Pick<SeriesResultRow, 'lastName' | 'firstName' | 'riderKey'>, b: Pick<SeriesResultRow, 'lastName' | 'firstName' | 'riderKey'>) =>
  natural.compare(a.lastName, b.lastName) || natural.compare(a.firstName, b.firstName) || a.riderKey.localeCompare(b.riderKey);
/** Nulls after numbers whatever the direction. */
const byNumber = (a: number | null, b: number | null, sign: number) => (a === null ? (b === null ? 0 : 1) : b === null ? -1 : sign * (a - b));
const byRank = (order: Map<string, number>) => (a: string | null, b: string | null) =>
  byNumber(a === null ? null : (order.get(a) ?? order.size), b === null ? null : (order.get(b) ?? order.size), 1) || (a ?? '').localeCompare(b ?? '');

/**
 * Orders rows (spec orderBy, orderDesc): `classPosition` — class by class (the classes' order),
 * then by class position; `groupPosition` — class group by group, then by group position;
 * `overallPosition`; `lastName` (then first name); `number` (natural order). Within a class
 * or group block (or the whole table for the others) unclassified rows always come after the
 * classified ones; equal rows by last name, then first name. DESC reverses the position,
 * name or number, never the class or group blocks.
 */
export function orderRows(
  rows: SeriesResultRow[],
  orderBy: SeriesResultsRequest['orderBy'],
  orderDesc: SeriesResultsRequest['orderDesc'],
  order: { classOrder: Map<string, number>; groupOrder: Map<string, number> },
): SeriesResultRow[] {
  const sign = orderDesc === 'DESC' ? -1 : 1;
  const classes = byRank(order.classOrder);
  const groups = byRank(order.groupOrder);
  const compare = (a: SeriesResultRow, b: SeriesResultRow): number => {
    const block = orderBy === 'classPosition' ? classes(a.className, b.className) : orderBy === 'groupPosition' ? groups(a.classGroup, b.classGroup) : 0;
    if (block) return block;
    if (a.classified !== b.classified) return a.classified ? -1 : 1;
    switch (orderBy) {
      case 'classPosition':
        return byNumber(a.class.position, b.class.position, sign) || byName(a, b);
      case 'groupPosition':
        return byNumber(a.group.position, b.group.position, sign) || byName(a, b);
      case 'overallPosition':
        return byNumber(a.overall.position, b.overall.position, sign) || byName(a, b);
      case 'lastName':
        return sign * byName(a, b);
      case 'number':
        return sign * natural.compare(a.number ?? '', b.number ?? '') || byName(a, b);
    }
  };
  return [...rows].sort(compare);
}

/** One page of `rows` (size -1: all of them) with its paging state (spec §3: page, lastPage, totalItems, pageCount). */
export function pageRows<T>(rows: T[], page: number, size: number): { data: T[]; meta: PagingMeta } {
  if (size === -1) return { data: rows, meta: { page: 1, lastPage: 1, totalItems: rows.length, pageCount: rows.length } };
  const lastPage = Math.max(1, Math.ceil(rows.length / size));
  const data = rows.slice((page - 1) * size, page * size);
  return { data, meta: { page, lastPage, totalItems: rows.length, pageCount: data.length } };
}

/** Keeps the event columns of `eventIds` (all when none are given), in the rows and the events alike. */
export function keepEvents<T extends { events: unknown[] }>(events: SeriesEvent[], rows: T[], eventIds: number[] | undefined): { events: SeriesEvent[]; rows: T[] } {
  if (!eventIds?.length) return { events, rows };
  const wanted = new Set(eventIds);
  const keep = events.map((e) => wanted.has(e.id));
  return { events: events.filter((_, i) => keep[i]), rows: rows.map((r) => ({ ...r, events: r.events.filter((_, i) => keep[i]) })) };
}

/** The team and club championships in the contract's shape (null without team rules). */
export function teamTables(standings: Standings): { teams: TeamStandingRow[] | null; clubs: ClubStandingRow[] | null } {
  return {
    teams: standings.teams?.map((t) => ({ name: t.name, club: t.club, position: t.position, points: t.points, emergencyPoints: t.emergencyPoints, events: t.events })) ?? null,
    clubs: standings.clubs?.map((c) => ({ club: c.club, position: c.position, points: c.points, emergencyPoints: c.emergencyPoints, events: c.events })) ?? null,
  };
}

/**
 * The series/results reply for `loaded` and its `standings`: rows with names, filtered,
 * ordered and paged as `request` asks; the events (only `eventsResults` when given); teams
 * and clubs. `events` must be the events the standings were computed over (in order).
 */
export function buildSeriesResults(
  loaded: Pick<LoadedSeries, 'series' | 'results' | 'classOrder' | 'groupOrder'>,
  events: SeriesEvent[],
  standings: Standings,
  request: SeriesResultsRequest,
): SeriesResults {
  const all = toResultRows({ events, results: loaded.results }, standings.rows);
  const ordered = orderRows(filterRows(all, request.filters), request.orderBy, request.orderDesc, loaded);
  const shown = keepEvents(events, ordered, request.filters.eventsResults);
  const { data, meta } = pageRows(shown.rows, request.page, request.size);
  // The team and club tables show the same event columns as the riders'.
  const { teams, clubs } = teamTables(standings);
  const only = request.filters.eventsResults;
  return {
    series: { id: loaded.series.id, name: loaded.series.name, seriesType: loaded.series.seriesType },
    events: shown.events,
    data,
    meta,
    teams: teams && keepEvents(events, teams, only).rows,
    clubs: clubs && keepEvents(events, clubs, only).rows,
  };
}
