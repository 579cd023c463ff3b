/**
 * The series tables as the page shows them (spec §3 Series table: overall, class and group
 * position and points, race name, drop; §4 Series results): the rows of a `SeriesResults`
 * reply turned into plain table models — the columns, one table per class (or class group)
 * when that standing is asked without a class, the classified rows by position then the riders
 * under the minimum number of events, each event cell with its points of the chosen standing and
 * its drop mark. Pure functions of already-translated labels, so the tests check them directly.
 */
import type { ClubStandingRow, SeriesEvent, SeriesResultRow, SeriesResults, StandingScope, TeamStandingRow } from '@/lib/contracts/series';
import { personName } from '@/lib/format/person-name';

/** A column of a series table; `detail` is a second header line (an event's name). */
export interface SeriesColumn {
  key: string;
  label: string;
  detail?: string;
  numeric?: boolean;
}

/** A cell: its text, struck through as a drop score when `drop`. */
export type SeriesCell = string | { text: string; drop: true };

export interface SeriesRow {
  /** `series-row`, `team-row` or `club-row` (data-testid). */
  testId: string;
  cells: SeriesCell[];
  /** A rider row opens the rider's season: the key and class the dialog asks for. */
  season?: { key: string; className: string | null };
}

export interface SeriesTableModel {
  /** Unique on the page (scopes the table's styles). */
  id: string;
  /** The class or class group of this table, when the standings are split by it. */
  heading: string | null;
  columns: SeriesColumn[];
  /** The column that is the row's header (the rider's, team's or club's name). */
  nameColumn: number;
  /** How many leading columns stay in view (position, number, name). */
  sticky: number;
  rows: SeriesRow[];
  /** Rows not classified (under the series' minimum of events), listed after the others. */
  unclassified: SeriesRow[];
}

/** Translated labels the models need (seriesTable.* and series.*). */
export interface StandingLabels {
  position: Record<StandingScope, string>;
  number: string;
  name: string;
  class: string;
  group: string;
  brand: string;
  city: string;
  eventsScored: string;
  total: string;
  team: string;
  club: string;
  emergencyPoints: string;
  /** The short name of a round's column ("R2"). */
  round: (round: number) => string;
  notClassifiedShort: string;
  noClass: string;
  noGroup: string;
  /** The name shown for a closed account's record ("Former member", issue 29). */
  formerMember: string;
}

/** The "did not score" mark of an event cell. */
export const NO_SCORE = '–';

/** The event columns shown: every round, or only the one of the `event` filter. */
export function shownEvents(events: SeriesEvent[], eventId: number | undefined): { event: SeriesEvent; index: number }[] {
  const all = events.map((event, index) => ({ event, index }));
  const one = eventId === undefined ? [] : all.filter((e) => e.event.id === eventId);
  return one.length ? one : all;
}

function eventColumns(events: { event: SeriesEvent }[], labels: StandingLabels): SeriesColumn[] {
  return events.map(({ event }) => ({ key: 'event', label: labels.round(event.round), detail: event.name, numeric: true }));
}

/** A rider's cell at one event in `scope`: points, struck through when a drop, '–' when none. */
export function eventCell(row: SeriesResultRow, index: number, eventId: number, scope: StandingScope): SeriesCell {
  const cell = row.events[index];
  if (!cell || cell.eventId !== eventId) return NO_SCORE;
  const score = cell[scope];
  if (score.points === null) return NO_SCORE;
  return score.drop ? { text: String(score.points), drop: true } : String(score.points);
}

/** Classified rows by position (then last name), then the others by points (best first). */
export function orderRows<T extends { position: number | null; points: number; name: string; classified: boolean }>(rows: T[]): { classified: T[]; unclassified: T[] } {
  const classified = rows.filter((r) => r.classified && r.position !== null).sort((a, b) => a.position! - b.position! || a.name.localeCompare(b.name));
  const unclassified = rows.filter((r) => !(r.classified && r.position !== null)).sort((a, b) => b.points - a.points || a.name.localeCompare(b.name));
  return { classified, unclassified };
}

/**
 * The rider tables of `results` for the standing `scope`: split into one table per class
 * (scope `class`) or class group (scope `group`) unless `split` is false (a class or group is
 * chosen, or the overall standings), in the order of `order` (the series' classes or groups),
 * then any other in order of appearance.
 */
export function riderTables(results: SeriesResults, opts: { scope: StandingScope; split: boolean; eventId?: number; order: string[]; labels: StandingLabels }): SeriesTableModel[] {
  const { scope, labels } = opts;
  const events = shownEvents(results.events, opts.eventId);
  const splitBy = opts.split && scope !== 'overall' ? scope : null;
  const columns: SeriesColumn[] = [
    { key: 'position', label: labels.position[scope], numeric: true },
    { key: 'number', label: labels.number },
    { key: 'name', label: labels.name },
    ...(splitBy === 'class' ? [] : [{ key: 'class', label: labels.class }]),
    ...(scope === 'group' && splitBy !== 'group' ? [{ key: 'group', label: labels.group }] : []),
    { key: 'brand', label: labels.brand },
    { key: 'city', label: labels.city },
    ...eventColumns(events, labels),
    { key: 'eventsScored', label: labels.eventsScored, numeric: true },
    { key: 'total', label: labels.total, numeric: true },
  ];
  const toRow = (row: SeriesResultRow, classified: boolean): SeriesRow => ({
    testId: 'series-row',
    season: { key: row.riderKey, className: row.className },
    cells: [
      classified ? String(row[scope].position) : labels.notClassifiedShort,
      row.number ?? '',
      personName(row.firstName, row.lastName, labels.formerMember),
      ...(splitBy === 'class' ? [] : [row.className ?? '']),
      ...(scope === 'group' && splitBy !== 'group' ? [row.classGroup ?? ''] : []),
      row.brand ?? '',
      [row.city, row.state].filter(Boolean).join(', '),
      ...events.map(({ event, index }) => eventCell(row, index, event.id, scope)),
      String(row.eventsScored),
      String(row[scope].points),
    ],
  });
  const groupOf = (row: SeriesResultRow) => (splitBy === 'class' ? row.className : splitBy === 'group' ? row.classGroup : null);
  const keys: (string | null)[] = [];
  const buckets = new Map<string | null, SeriesResultRow[]>();
  for (const row of results.data) {
    const key = groupOf(row);
    if (!buckets.has(key)) {
      buckets.set(key, []);
      keys.push(key);
    }
    buckets.get(key)!.push(row);
  }
  const rank = (k: string | null) => (k === null ? Number.MAX_SAFE_INTEGER : opts.order.indexOf(k) < 0 ? opts.order.length + keys.indexOf(k) : opts.order.indexOf(k));
  keys.sort((a, b) => rank(a) - rank(b));
  return keys.map((key, i) => {
    const rows = buckets.get(key)!.map((row) => ({ row, position: row[scope].position, points: row[scope].points, name: `${row.lastName} ${row.firstName}`, classified: row.classified }));
    const { classified, unclassified } = orderRows(rows);
    return {
      id: `s${i}`,
      heading: splitBy ? (key ?? (splitBy === 'class' ? labels.noClass : labels.noGroup)) : null,
      columns,
      nameColumn: 2,
      sticky: 3,
      rows: classified.map((r) => toRow(r.row, true)),
      unclassified: unclassified.map((r) => toRow(r.row, false)),
    };
  });
}

/** The team championship table: position, team, club, points per event, total, emergency points. */
export function teamTable(teams: TeamStandingRow[], events: SeriesEvent[], labels: StandingLabels, eventId?: number): SeriesTableModel {
  const shown = shownEvents(events, eventId);
  const { classified, unclassified } = orderRows(teams.map((t) => ({ t, position: t.position, points: t.points, name: t.name, classified: t.position !== null })));
  const toRow = (t: TeamStandingRow): SeriesRow => ({
    testId: 'team-row',
    cells: [
      t.position === null ? labels.notClassifiedShort : String(t.position),
      t.name,
      t.club,
      ...shown.map(({ index }) => {
        const cell = t.events[index];
        return cell ? String(cell.points) : NO_SCORE;
      }),
      String(t.points),
      String(t.emergencyPoints),
    ],
  });
  return {
    id: 'teams',
    heading: null,
    columns: [
      { key: 'position', label: labels.position.overall, numeric: true },
      { key: 'team', label: labels.team },
      { key: 'club', label: labels.club },
      ...eventColumns(shown, labels),
      { key: 'total', label: labels.total, numeric: true },
      { key: 'emergencyPoints', label: labels.emergencyPoints, numeric: true },
    ],
    nameColumn: 1,
    sticky: 2,
    rows: classified.map((r) => toRow(r.t)),
    unclassified: unclassified.map((r) => toRow(r.t)),
  };
}

/** The club championship table: position, club, points per event (its best team's), total, emergency points. */
export function clubTable(clubs: ClubStandingRow[], events: SeriesEvent[], labels: StandingLabels, eventId?: number): SeriesTableModel {
  const shown = shownEvents(events, eventId);
  const { classified, unclassified } = orderRows(clubs.map((c) => ({ c, position: c.position, points: c.points, name: c.club, classified: c.position !== null })));
  const toRow = (c: ClubStandingRow): SeriesRow => ({
    testId: 'club-row',
    cells: [
      c.position === null ? labels.notClassifiedShort : String(c.position),
      c.club,
      ...shown.map(({ index }) => {
        const cell = c.events[index];
        return cell ? String(cell.points) : NO_SCORE;
      }),
      String(c.points),
      String(c.emergencyPoints),
    ],
  });
  return {
    id: 'clubs',
    heading: null,
    columns: [
      { key: 'position', label: labels.position.overall, numeric: true },
      { key: 'club', label: labels.club },
      ...eventColumns(shown, labels),
      { key: 'total', label: labels.total, numeric: true },
      { key: 'emergencyPoints', label: labels.emergencyPoints, numeric: true },
    ],
    nameColumn: 1,
    sticky: 2,
    rows: classified.map((r) => toRow(r.c)),
    unclassified: unclassified.map((r) => toRow(r.c)),
  };
}
