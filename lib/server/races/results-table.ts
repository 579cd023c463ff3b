/**
 * The results table of a race as a visitor sees it (spec §2 race results, §3 Race results
 * columns and Race filters, §8 'No results found'): the view (overall, by class, by class
 * group, by team), the filters of the URL, the configured columns that hold data, and every
 * cell as display text in the visitor's language. The page renders it and the CSV/JSON
 * export writes it, so a download always has the rows and columns of the table on screen.
 */
import { formatGap, formatRaceTime, stripAccents } from '../../format';
import { personName } from '../../format/person-name';
import { isIdentityColumn, OWN_POSITION, orderByPriority, phoneColumns } from '../../contracts/column-priority';
import { RESULT_STATES, type RaceView, type ResultColumn, type ResultRow, type ResultState, type ResultView, type ResultsQuery, type TeamRow } from '../../contracts/results';
import { getRaceFilters } from './get-race-filters';

/** Texts of the table in the visitor's language (next-intl translators bound by the caller). */
export interface TableLabels {
  column: (column: ResultColumn) => string;
  /** Header of the overall position in the class and group views ("Overall"). */
  overall: string;
  state: (state: ResultState) => string;
  /** A state short enough for the position column ("DNF", « Abd. »); default `state`. */
  stateShort?: (state: ResultState) => string;
  /** "+2 laps" for a lapped competitor's gap. */
  lapsDown: (count: number) => string;
  /** A team total the scoring office wrote that is not its riders' sum (the office adds tie-break points). */
  officeTotal: (ridersSum: number) => string;
  /** The name shown for a closed account's record ("Former member", issue 29). */
  formerMember: string;
}

export interface TableColumnModel {
  key: ResultColumn;
  label: string;
  numeric: boolean;
  /** Position, number and name (or team): kept in view on phones (sticky). */
  identity: boolean;
  /**
   * Shown at 390 px without scrolling (lib/contracts/column-priority.ts: identity, then a
   * sprint's gap or laps and best lap, an enduro's checks and points); the columns come in that
   * order, the others after them, scrolling sideways on a phone.
   */
  phone?: boolean;
}

export interface TableRowModel {
  /** `e{entryId}` for a rider, `t{teamId}` for a team. */
  id: string;
  /** A team's standing, or one of its riders listed under it. */
  kind: 'rider' | 'team' | 'member';
  entryId: number | null;
  /** The rider's participant record (their public page: `riderPath`), when known; null for a team. */
  participantId?: number | null;
  state: ResultState;
  /** Display text per column, in `columns` order. */
  cells: string[];
  /**
   * A team row whose points, as the scoring office printed them, differ from its riders' sum:
   * what to say of that total (`labels.officeTotal`), footnoted at the points cell. The
   * office's total stays the team's score (issue 24).
   */
  note?: string;
  /** With `note`: the sum of the team's riders' points. */
  ridersSum?: number;
}

export interface ResultsTable {
  view: ResultView;
  /** The views this race has (team only with teams, class with two or more classes …). */
  views: ResultView[];
  /** The filter choices (spec §3 Race filters), as livelaps/race/filters/{id} lists them. */
  brands: string[];
  classes: string[];
  groups: string[];
  /** The class (class view) or group (group view) shown, else null. */
  selected: string | null;
  columns: TableColumnModel[];
  rows: TableRowModel[];
  /** Rows of the view before the visitor's filters (0 = no results yet). */
  total: number;
  /** True when a brand, class, group, participant or text filter is set. */
  filtered: boolean;
}

const NUMERIC = new Set<ResultColumn>([
  'position', 'classPosition', 'groupPosition', 'laps', 'lastLap', 'bestLap', 'totalTime', 'gap', 'diff', 'penalty',
  'speed', 'checkpoints', 'points', 'emergencyPoints', 'pointsOverall', 'pointsClass', 'pointsGroup',
]);
/** Never a table column: section times belong in the rider's detail (a row stays ≤ 2 lines). */
const DETAIL_ONLY = new Set<ResultColumn>(['sections', 'transponder']);

const fold = (s: string) => stripAccents(s).toLowerCase();
/** States shown in place of a position: the rules leave these unplaced (never a made-up number). */
const OUT = new Set<ResultState>(['DNF', 'DNS', 'DSQ']);
/** A state's place among the unplaced: DNF, then DNS, then DSQ. */
const tier = (state: ResultState) => RESULT_STATES.indexOf(state === 'running' ? 'finished' : state);
const byNull = (a: number | null, b: number | null) => (a ?? Number.MAX_SAFE_INTEGER) - (b ?? Number.MAX_SAFE_INTEGER);

function riderName(r: ResultRow, labels: TableLabels) {
  return personName(r.firstName, r.lastName, labels.formerMember);
}

/** The display text of one rider cell; a lapped competitor's gap reads in laps ("+1 lap"). */
export function riderCell(column: ResultColumn, r: ResultRow, labels: TableLabels, leaderLaps: number | null): string {
  switch (column) {
    case 'position':
      return r.position?.toString() ?? '';
    case 'classPosition':
      return r.classPosition?.toString() ?? '';
    case 'groupPosition':
      return r.groupPosition?.toString() ?? '';
    case 'number':
    case 'row':
      return r.number;
    case 'name':
      return riderName(r, labels);
    case 'brand':
      return r.brand ?? '';
    case 'class':
      return r.className ?? '';
    case 'group':
      return r.classGroup ?? '';
    case 'team':
      return r.team ?? '';
    case 'city':
      return [r.city, r.state].filter(Boolean).join(', ');
    case 'country':
      return r.country ?? '';
    case 'laps':
      return r.laps?.toString() ?? '';
    case 'lastLap':
      return formatRaceTime(r.lastLapMs);
    case 'bestLap':
      return formatRaceTime(r.bestLapMs);
    case 'totalTime':
      return formatRaceTime(r.totalTimeMs);
    case 'gap':
      if (r.gapMs === null && r.laps !== null && leaderLaps !== null && r.laps < leaderLaps) return labels.lapsDown(leaderLaps - r.laps);
      return formatGap(r.gapMs);
    case 'diff':
      return formatGap(r.diffMs);
    case 'penalty':
      return [r.penaltyMs ? `+${formatRaceTime(r.penaltyMs)}` : '', r.penaltyLaps ? labels.lapsDown(r.penaltyLaps) : ''].filter(Boolean).join(' ');
    case 'speed':
      return r.speedKmh === null ? '' : r.speedKmh.toFixed(1);
    case 'checkpoints':
      return r.checkpoints?.toString() ?? '';
    case 'points':
      return r.points?.toString() ?? '';
    case 'emergencyPoints':
      return r.emergencyPoints?.toString() ?? '';
    case 'pointsOverall':
      return r.pointsOverall?.toString() ?? '';
    case 'pointsClass':
      return r.pointsClass?.toString() ?? '';
    case 'pointsGroup':
      return r.pointsGroup?.toString() ?? '';
    case 'state':
      return labels.state(r.resultState);
    case 'transponder':
      return r.transponder ?? '';
    case 'sections':
      return r.sectionTimes.map((s) => `${s.section} ${formatRaceTime(s.timeMs) || '—'}`).join(' · ');
    default:
      // key time in/out, read time, start time, total: per passing or per team, not per result row.
      return '';
  }
}

function teamCell(column: ResultColumn, t: TeamRow, labels: TableLabels): string {
  switch (column) {
    case 'position':
      return t.position?.toString() ?? (OUT.has(t.state) ? (labels.stateShort ?? labels.state)(t.state) : '');
    case 'team':
      return t.name;
    case 'checkpoints':
      return t.totalCheckpoints?.toString() ?? '';
    case 'points':
      return t.totalPoints?.toString() ?? '';
    case 'emergencyPoints':
      return t.totalEmergencyPoints?.toString() ?? '';
    case 'state':
      return labels.state(t.state);
    default:
      return '';
  }
}

/** The column holding each row's name: the team's in the team view, else the rider's. */
export function nameColumn(model: Pick<ResultsTable, 'view' | 'columns'>): number {
  return model.columns.findIndex((c) => c.key === (model.view === 'team' ? 'team' : 'name'));
}

/** `cols` with `position` first (added when the race's configuration leaves it out: an ECEA file gives class places only). */
function positionFirst(cols: ResultColumn[]): ResultColumn[] {
  return ['position', ...cols.filter((c) => c !== 'position')];
}

/**
 * The columns of a view: the race's configured ones, the view's own position first (overall,
 * class or group position; the team's position in the team view), the detail-only ones out.
 */
function viewColumns(view: ResultView, race: RaceView, hasClasses: boolean): ResultColumn[] {
  if (view === 'team') {
    const cols = positionFirst(race.config.team_columns.filter((c) => !DETAIL_ONLY.has(c)));
    const at = cols.indexOf('team');
    if (hasClasses && at >= 0) cols.splice(at + 1, 0, 'class', 'classPosition');
    return cols;
  }
  const base = race.config.columns.filter((c) => !DETAIL_ONLY.has(c));
  if (view === 'overall') return positionFirst(base);
  const own = view === 'class' ? 'classPosition' : 'groupPosition';
  const rest = base.filter((c) => !['position', 'classPosition', 'groupPosition', view === 'class' ? 'class' : 'group'].includes(c));
  const nameAt = Math.max(rest.indexOf('name'), 0);
  rest.splice(nameAt + 1, 0, 'position');
  return [own, ...rest];
}

/**
 * Builds the table of `race` for `query` (view, class, group, brand, participant, q).
 * Views offered: overall; class when the race has two or more classes; group when its
 * classes belong to class groups; team when it has teams (the default view of an enduro with
 * teams). Columns with no value in any row of the view are left out, identity columns never.
 */
export function buildResultsTable(race: RaceView, results: ResultRow[], teams: TeamRow[], query: ResultsQuery, labels: TableLabels): ResultsTable {
  const { brands, classes, groups } = getRaceFilters(race.config, results);
  const views: ResultView[] = [];
  if (teams.length) views.push('team');
  views.push('overall');
  if (classes.length > 1) views.push('class');
  if (groups.length) views.push('group');
  const fallback: ResultView = teams.length && race.kind === 'enduro' ? 'team' : 'overall';
  const view = query.view && views.includes(query.view) ? query.view : fallback;

  const selected =
    view === 'class' ? (query.class && classes.includes(query.class) ? query.class : (classes[0] ?? null))
    : view === 'group' ? (query.group && groups.includes(query.group) ? query.group : (groups[0] ?? null))
    : null;

  const q = query.q ? fold(query.q) : '';
  const keep = (r: ResultRow) =>
    (!query.brand || r.brand === query.brand) &&
    (view === 'class' || !query.class || r.className === query.class) &&
    (view === 'group' || !query.group || r.classGroup === query.group) &&
    (!query.participant || r.entryId === query.participant) &&
    (!q || fold([riderName(r, labels), r.number, r.team ?? '', r.city ?? '', r.state ?? ''].join(' ')).includes(q));
  const filtered = !!(query.brand || (view !== 'class' && query.class) || (view !== 'group' && query.group) || query.participant || q);

  // The overall position is identity only in the overall and team views (by class or group it
  // is one more column); in the team view the team's name is.
  const isIdentity = (c: ResultColumn) => isIdentityColumn(view, c);
  const own = OWN_POSITION[view];
  const leaderLaps = results.find((r) => r.position === 1)?.laps ?? null;
  let keys = viewColumns(view, race, classes.length > 0);
  let rows: TableRowModel[];
  let total: number;
  // The view's own position: an unplaced rider (DNF, DNS, DSQ) shows that state there, after the placed ones.
  const cell = (c: ResultColumn, r: ResultRow) => {
    const text = riderCell(c, r, labels, leaderLaps);
    return c === own && text === '' && OUT.has(r.resultState) ? (labels.stateShort ?? labels.state)(r.resultState) : text;
  };
  const riderRow = (r: ResultRow, kind: 'rider' | 'member'): TableRowModel => ({
    id: `e${r.entryId}`,
    kind,
    entryId: r.entryId,
    participantId: r.participantId ?? null,
    state: r.resultState,
    cells: keys.map((c) => (kind === 'member' && c === 'team' ? `${r.number} ${riderName(r, labels)}` : kind === 'member' && c === 'position' ? '' : cell(c, r))),
  });

  if (view === 'team') {
    const members = new Map<number, ResultRow[]>();
    for (const r of results) if (r.teamId !== null) members.set(r.teamId, [...(members.get(r.teamId) ?? []), r]);
    total = teams.length;
    // A column shows when a team or one of its riders has a value in it.
    keys = orderByPriority(race.kind, view, keys.filter((c) => c === 'position' || c === 'team' || teams.some((t) => teamCell(c, t, labels) !== '') || results.some((r) => riderCell(c, r, labels, leaderLaps) !== '')));
    rows = [];
    for (const t of teams) {
      const riders = members.get(t.id) ?? [];
      const teamHit = !!q && fold(t.name).includes(q);
      const shown = teamHit && !query.brand && !query.class && !query.group && !query.participant ? riders : riders.filter(keep);
      if (filtered && !teamHit && shown.length === 0) continue;
      const scored = riders.filter((r) => r.points !== null);
      const ridersSum = scored.reduce((sum, r) => sum + (r.points ?? 0), 0);
      const note = t.totalPoints !== null && scored.length > 0 && ridersSum !== t.totalPoints ? labels.officeTotal(ridersSum) : undefined;
      rows.push({ id: `t${t.id}`, kind: 'team', entryId: null, participantId: null, state: t.state, cells: keys.map((c) => teamCell(c, t, labels)), ...(note ? { note, ridersSum } : {}) });
      for (const r of shown) rows.push(riderRow(r, 'member'));
    }
  } else {
    // In the view's order: placed by its position, then the unplaced DNF, DNS, DSQ (stable: else as read).
    const unplaced = (a: ResultRow, b: ResultRow) => tier(a.resultState) - tier(b.resultState);
    let inView = [...results].sort((a, b) => byNull(a.position, b.position) || unplaced(a, b));
    if (view === 'class') inView = results.filter((r) => r.className === selected).sort((a, b) => byNull(a.classPosition, b.classPosition) || unplaced(a, b) || byNull(a.position, b.position));
    if (view === 'group') inView = results.filter((r) => r.classGroup === selected).sort((a, b) => byNull(a.groupPosition, b.groupPosition) || unplaced(a, b) || byNull(a.position, b.position));
    total = inView.length;
    // The phone's columns first (lib/contracts/column-priority.ts), the rest in the race's order.
    keys = orderByPriority(race.kind, view, keys.filter((c) => isIdentity(c) || c === own || inView.some((r) => riderCell(c, r, labels, leaderLaps) !== '')));
    rows = inView.filter(keep).map((r) => riderRow(r, 'rider'));
  }

  const phone = new Set(phoneColumns(race.kind, view, keys));
  const columns = keys.map((key) => ({
    key,
    label: key === 'position' && view !== 'overall' && view !== 'team' ? labels.overall : labels.column(key),
    numeric: NUMERIC.has(key),
    identity: isIdentity(key),
    phone: phone.has(key),
  }));
  return { view, views, brands, classes, groups, selected, columns, rows, total, filtered };
}
