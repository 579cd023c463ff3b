/**
 * The series standings engine (spec §4 Series results; §3 Series, Series table; issue 9
 * "rules as data"): rider rows (a rider in a class) with overall, class and group standings,
 * event by event with drops, and the team and club championships. Pure: no database — the
 * loader (lib/server/series) builds the `EngineInput`, the API and pages add names and paging.
 *
 * Steps: the counted results (./select.ts) → each rider's score per event and scope
 * (./event-scores.ts, ./points.ts) → drops (./drops.ts) → positions with the tie-breaks
 * (./tie-breaks.ts, ./rank.ts); teams and clubs (./teams.ts). Working data lives in typed
 * columns (./table.ts); objects are made only for the output.
 */
import * as drops from './drops';
import * as eventScores from './event-scores';
import type { ScopeIndex } from './points';
import { orderByKeys, rankByKeys, sortRuns, type SubsetKeys } from './rank';
import { countedRacesOf, countedResults, resultFilter, type CountedRace } from './select';
import * as table from './table';
import type { ByRow } from './table';
import { teamEventPoints, teamSeason } from './teams';
import { betterFinishesKeys, emergencyPointsKeys, latestRaceKeys } from './tie-breaks';
import type { SeriesRules, TieBreak } from '../../../contracts/series';
import type { EngineEventCell, EngineInput, EngineRaceScore, EngineRow, Standings } from './types';

// Module bindings read once: the loops below run per result, cell and row, and transpiled
// modules (tsx, bundlers) read an imported binding through a getter on every access.
const { countedEventCount, dropWorst, MISSED } = drops;
/** The `races` of every cell when they are not asked for (`EngineInput.withRaces`). */
const NO_RACES: readonly EngineRaceScore[] = Object.freeze([]);
const { addResult, scoreEvent } = eventScores;
const { BY_ROW_STRIDE, CellTable, cellsByRow, racesOf, DROPPED, giveBackInt32, NONE, ROW_CELL, ROW_EMERGENCY, ROW_FLAGS, ROW_PLACES, ROW_FIRST_RESULT, ROW_POINTS, ROW_RESULT_COUNT, RowTable, SCORED } = table;

/**
 * Computes a series' standings from its rounds' results and its rules.
 *
 * - Counted results: races not excluded (`rules.excludedRaceIds` ∪ `input.excludeRaceIds`),
 *   of the rules' classes and class groups when listed; series type `final`: each class's last
 *   race at each event only.
 * - Points: `rules.pointsTable[position - 1]` (0 beyond it, for no position, DNS, DSQ, and DNF
 *   unless `rules.dnfScores`), per moto (summed at the event) or per event (the event place
 *   scores), in each scope: overall (`position`), class (`classPosition`), group (`groupPosition`).
 *   The event place in a scope ranks the riders of the field (everyone / the class / the class
 *   group) on those points, ties going to the better last moto, then the one before.
 * - `eventsScored`: events with a counted result other than DNS; under `rules.minEvents` a row
 *   is not classified (positions null, listed after the classified rows).
 * - Drops per scope: the best `rules.bestResults` (else every round less `rules.dropScores`)
 *   count; the other scores are flagged `drop` (missed events are dropped first; between equal
 *   scores the earlier event).
 * - Positions: total points, then `rules.tieBreak`; competitors still level share the position.
 * - Teams and clubs when `rules.teams` is set (./teams.ts).
 *
 * Rows are sorted classified first, by overall position, then overall points (more first),
 * class name and rider key. A row's `emergencyPoints`: over its counted class-scope events.
 * 5,000 riders over 15 events: see `npm run bench -- series-standings`.
 */
export function computeStandings(input: EngineInput): Standings {
  const { rules, events } = input;
  const excluded = new Set<number>(rules.excludedRaceIds);
  for (const id of input.excludeRaceIds ?? []) excluded.add(id);
  const racesByEvent = events.map((event) => countedRacesOf(event, excluded));
  const keep = resultFilter(rules);
  const countedByEvent = racesByEvent.map((races) => countedResults(races, keep, input.seriesType));

  const tables = buildTables(countedByEvent, rules);
  for (let e = 0; e < events.length; e++) scoreEvent(tables.cells, tables.eventStart[e], tables.eventStart[e + 1], tables.classId, tables.groupId, rules);
  tables.rows.release();
  const byRow = cellsByRow(tables.cells, tables.rows.count, events.length, tables.eventStart);
  tables.cells.release();
  const season = seasonOf(tables, byRow, rules);
  const positions = rankRows(tables, byRow, season, rules);
  const rows = toRows(tables, byRow, season, positions, events, input.withRaces === true);
  giveBackInt32(byRow.byRow);
  giveBackInt32(byRow.results);

  if (!rules.teams) return { rows, teams: null, clubs: null, teamEvents: null };
  const teamRules = rules.teams;
  const perEvent = events.map((event, e) => teamEventPoints(event, racesByEvent[e], teamRules));
  return { rows, ...teamSeason(events, perEvent, teamRules), teamEvents: perEvent.flat() };
}

/** Rows and cells of the counted results; one event's cells are numbered `eventStart[e]` … `eventStart[e + 1] - 1`. */
interface Tables {
  eventCount: number;
  rows: InstanceType<typeof RowTable>;
  cells: InstanceType<typeof CellTable>;
  eventStart: Int32Array;
  /** The fields a row is ranked in: its class, its class group (NONE: none); overall is everyone. */
  classId: Int32Array;
  groupId: Int32Array;
}

function buildTables(countedByEvent: readonly CountedRace[][], rules: SeriesRules): Tables {
  const eventCount = countedByEvent.length;
  let resultTotal = 0;
  let biggestEvent = 0;
  for (const counted of countedByEvent) {
    const results = counted.reduce((n, race) => n + race.results.length, 0);
    resultTotal += results;
    biggestEvent = Math.max(biggestEvent, results);
  }
  // Room for as many rows as the biggest event has results and a cell per two results (both grow past it).
  const rows = new RowTable(eventCount, biggestEvent);
  const cells = new CellTable(resultTotal >> 1, resultTotal);
  const eventStart = new Int32Array(eventCount + 1);
  for (let e = 0; e < eventCount; e++) {
    eventStart[e] = cells.count;
    for (const { race, results } of countedByEvent[e]) {
      for (const r of results) {
        const row = rows.rowOf(r.riderKey, r.className, r.classGroup);
        const slot = e * rows.rowCapacity + row;
        let cell = rows.cellOf[slot];
        if (cell === NONE) rows.cellOf[slot] = cell = cells.add(row);
        addResult(cells, cell, race.id, r, rules);
      }
    }
  }
  eventStart[eventCount] = cells.count;
  return { eventCount, rows, cells, eventStart, classId: rows.ids(rows.className, true), groupId: rows.ids(rows.classGroup, false) };
}

/** Per row (and `row * 3 + scope`): events scored, classified, counted total and emergency points after drops. */
interface Season {
  eventsScored: Int32Array;
  classified: Uint8Array;
  totals: Float64Array;
  emergency: Float64Array;
}

/** Drops per row and scope (flagged on the row-major cells), totals, emergency points over the counted events. */
function seasonOf({ rows, eventCount }: Tables, { byRow }: ByRow, rules: SeriesRules): Season {
  const rowCount = rows.count;
  const counted = countedEventCount(rules, eventCount);
  const season: Season = {
    eventsScored: new Int32Array(rowCount),
    classified: new Uint8Array(rowCount),
    totals: new Float64Array(rowCount * 3),
    emergency: new Float64Array(rowCount * 3),
  };
  const scores = new Float64Array(eventCount);
  const dropped = new Uint8Array(eventCount);
  for (let row = 0; row < rowCount; row++) {
    const base = row * eventCount * BY_ROW_STRIDE;
    let scored = 0;
    for (let e = 0; e < eventCount; e++) if (byRow[base + e * BY_ROW_STRIDE + ROW_FLAGS] & SCORED) scored++;
    season.eventsScored[row] = scored;
    season.classified[row] = scored >= rules.minEvents ? 1 : 0;
    for (let s = 0; s < 3; s++) {
      for (let e = 0; e < eventCount; e++) {
        const record = base + e * BY_ROW_STRIDE;
        scores[e] = byRow[record + ROW_CELL] === 0 || byRow[record + ROW_POINTS + s] === NONE ? MISSED : byRow[record + ROW_POINTS + s];
      }
      dropped.fill(0);
      season.totals[row * 3 + s] = dropWorst(scores, counted, dropped);
      let emergency = 0;
      for (let e = 0; e < eventCount; e++) {
        const record = base + e * BY_ROW_STRIDE;
        if (dropped[e]) byRow[record + ROW_FLAGS] |= DROPPED[s];
        else if (scores[e] !== MISSED) emergency += byRow[record + ROW_EMERGENCY];
      }
      season.emergency[row * 3 + s] = emergency;
    }
  }
  return season;
}

/**
 * Positions (`row * 3 + scope`, NONE: unclassified or no field) among the classified rows of
 * the same field (everyone / class / group): total points (more first), then the tie-breaks,
 * all as key columns.
 */
function rankRows({ rows, eventCount, classId, groupId }: Tables, { byRow }: ByRow, season: Season, rules: SeriesRules): Int32Array {
  const rowCount = rows.count;
  const { totals, classified } = season;
  const positions = new Int32Array(rowCount * 3).fill(NONE);
  let maxTotal = 0;
  for (let i = 0; i < totals.length; i++) if (totals[i] > maxTotal) maxTotal = totals[i];
  for (let s = 0 as ScopeIndex; s < 3; s = (s + 1) as ScopeIndex) {
    const fieldOfRow = s === 1 ? classId : s === 2 ? groupId : null;
    const ids: number[] = [];
    for (let row = 0; row < rowCount; row++) if (classified[row] && (fieldOfRow === null || fieldOfRow[row] !== NONE)) ids.push(row);
    const n = ids.length;
    const field = new Int32Array(n);
    const byPoints = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      field[i] = fieldOfRow === null ? 0 : fieldOfRow[ids[i]];
      byPoints[i] = maxTotal - totals[ids[i] * 3 + s];
    }
    const scope = s;
    const ties = rules.tieBreak.map((rule): SubsetKeys => (subset) => tieKeys(rule, subset, ids, scope));
    const ranked = rankByKeys(n, field, [byPoints], ties);
    for (let i = 0; i < n; i++) positions[ids[i] * 3 + s] = ranked[i];
  }
  return positions;

  /** A tie-break's key columns for the rows `ids[subset[j]]` in a scope (./tie-breaks.ts). */
  function tieKeys(rule: TieBreak, subset: Int32Array, ids: readonly number[], s: ScopeIndex): Int32Array[] {
    const n = subset.length;
    if (rule === 'emergency-points') return emergencyPointsKeys(Float64Array.from(subset, (j) => season.emergency[ids[j] * 3 + s]));
    if (rule === 'latest-race') {
      const eventPoints = new Float64Array(n * eventCount);
      for (let j = 0; j < n; j++) {
        for (let e = 0; e < eventCount; e++) {
          const record = (ids[subset[j]] * eventCount + e) * BY_ROW_STRIDE;
          eventPoints[j * eventCount + e] = byRow[record + ROW_CELL] === 0 ? NONE : byRow[record + ROW_POINTS + s];
        }
      }
      return latestRaceKeys(eventPoints, eventCount);
    }
    // better-finishes: each row's places at its counted (not dropped) events, ascending.
    const sorted = new Int32Array(n * eventCount);
    const count = new Int32Array(n);
    for (let j = 0; j < n; j++) {
      const base = j * eventCount;
      let k = 0;
      for (let e = 0; e < eventCount; e++) {
        const record = (ids[subset[j]] * eventCount + e) * BY_ROW_STRIDE;
        const place = byRow[record + ROW_PLACES + s];
        if (byRow[record + ROW_CELL] === 0 || byRow[record + ROW_POINTS + s] === NONE || byRow[record + ROW_FLAGS] & DROPPED[s] || place === NONE) continue;
        let at = k++;
        while (at > 0 && sorted[base + at - 1] > place) {
          sorted[base + at] = sorted[base + at - 1];
          at--;
        }
        sorted[base + at] = place;
      }
      count[j] = k;
    }
    return betterFinishesKeys(sorted, count, eventCount);
  }
}

/** The output rows: classified first, by overall position, then overall points (more first), class name, rider key. */
function toRows({ rows, eventCount }: Tables, { byRow, results }: ByRow, season: Season, positions: Int32Array, events: EngineInput['events'], withRaces: boolean): EngineRow[] {
  const rowCount = rows.count;
  const { totals, classified, eventsScored, emergency } = season;
  let maxTotal = 0;
  for (let row = 0; row < rowCount; row++) if (totals[row * 3] > maxTotal) maxTotal = totals[row * 3];
  const orderKeys = [new Int32Array(rowCount), new Int32Array(rowCount), new Int32Array(rowCount)];
  for (let row = 0; row < rowCount; row++) {
    orderKeys[0][row] = 1 - classified[row];
    orderKeys[1][row] = classified[row] ? positions[row * 3] : 0;
    orderKeys[2][row] = maxTotal - totals[row * 3];
  }
  const order = sortRuns(orderByKeys(rowCount, orderKeys), orderKeys, (a, b) => compareText(rows.className[a], rows.className[b]) || compareText(rows.riderKey[a], rows.riderKey[b]));

  const eventIds = events.map((event) => event.id);
  const out = new Array<EngineRow>(rowCount);
  for (let o = 0; o < rowCount; o++) {
    const row = order[o];
    const eventCells = new Array<EngineEventCell | null>(eventCount);
    for (let e = 0; e < eventCount; e++) {
      const r = (row * eventCount + e) * BY_ROW_STRIDE;
      if (byRow[r + ROW_CELL] === 0) {
        eventCells[e] = null;
        continue;
      }
      const flags = byRow[r + ROW_FLAGS];
      eventCells[e] = {
        eventId: eventIds[e],
        overall: { points: orNull(byRow[r + ROW_POINTS]), position: orNull(byRow[r + ROW_PLACES]), drop: (flags & DROPPED[0]) !== 0 },
        class: { points: orNull(byRow[r + ROW_POINTS + 1]), position: orNull(byRow[r + ROW_PLACES + 1]), drop: (flags & DROPPED[1]) !== 0 },
        group: { points: orNull(byRow[r + ROW_POINTS + 2]), position: orNull(byRow[r + ROW_PLACES + 2]), drop: (flags & DROPPED[2]) !== 0 },
        races: withRaces ? racesOf(results, byRow[r + ROW_FIRST_RESULT], byRow[r + ROW_RESULT_COUNT]) : NO_RACES,
      };
    }
    const slot = row * 3;
    out[o] = {
      riderKey: rows.riderKey[row],
      className: rows.className[row],
      classGroup: rows.classGroup[row],
      overall: { position: orNull(positions[slot]), points: totals[slot] },
      class: { position: orNull(positions[slot + 1]), points: totals[slot + 1] },
      group: { position: orNull(positions[slot + 2]), points: totals[slot + 2] },
      eventsScored: eventsScored[row],
      classified: classified[row] === 1,
      emergencyPoints: emergency[slot + 1],
      events: eventCells,
    };
  }
  return out;
}

/** A number column's value, null for NONE. */
function orNull(value: number): number | null {
  return value === NONE ? null : value;
}

function compareText(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}
