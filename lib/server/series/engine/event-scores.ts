/**
 * A rider's score at one event (spec §4 Series results; §3 Series table: points per event):
 * per moto — the event's points are the sum of the rider's counted motos' points; per event —
 * riders are ranked on that sum and the event place scores from the points table. In both,
 * the event place in a scope ranks the riders of that scope (overall: everyone; class: the
 * rider's class; group: the rider's class group) by the summed points, ties going to the
 * better position in the last moto, then the moto before. Pure: no database.
 */
import type { SeriesRules } from '../../../contracts/series';
import * as pointsRules from './points';
import type { ScopeIndex } from './points';
import * as rank from './rank';
import * as table from './table';
import type { CellTable } from './table';
import type { EngineResult } from './types';

// Module bindings read once: the loops below run per result and per cell, and transpiled
// modules (tsx, bundlers) read an imported binding through a getter on every access.
const { positionIn, stateScores, tablePoints } = pointsRules;
const { rankByKeys } = rank;
const { FLAGS, EMERGENCY, LAST, NONE, PLACEABLE, PLACES, POINTS, PREV, RESULT_COUNT, ROW, SCORED, STRIDE, SUMS } = table;

type ScoringRules = Pick<SeriesRules, 'scoring' | 'pointsTable' | 'dnfScores'>;

/** Adds a counted result (of race `raceId`) to a cell: its moto points per scope, placeability, last position, race. */
export function addResult(cells: CellTable, cell: number, raceId: number, r: EngineResult, rules: ScoringRules): void {
  const { pointsTable } = rules;
  const { data } = cells;
  const base = cell * STRIDE;
  let classPoints = 0;
  const scores = stateScores(r.state, rules.dnfScores);
  for (let s = 0 as ScopeIndex; s < 3; s = (s + 1) as ScopeIndex) {
    const position = scores ? positionIn(r, s) : null;
    data[base + PREV + s] = data[base + LAST + s];
    data[base + LAST + s] = position ?? NONE;
    if (position === null) continue;
    data[base + FLAGS] |= PLACEABLE[s];
    const points = tablePoints(pointsTable, position);
    data[base + SUMS + s] += points;
    if (s === 1) classPoints = points;
  }
  if (r.state !== 'DNS') data[base + FLAGS] |= SCORED;
  if (r.emergencyPoints !== null) data[base + EMERGENCY] += r.emergencyPoints;
  cells.addResult(cell, r, raceId, rules.scoring === 'moto' ? classPoints : 0);
}

/**
 * Ranks one event's cells (`from` … `to - 1`) in every scope and sets their places and
 * points. A cell's field in a scope: everyone (0), `classId[row]`, `groupId[row]` (NONE: not
 * ranked there). Order: summed points (more first), then the scoring position in the last
 * counted moto, then the moto before, and so on (a moto without a scoring position — DNS,
 * DSQ, unplaced, not ridden — after every position). Per moto: points = the sum (NONE when the
 * rider only has DNS there). Per event: the table's points for the event place (0 when
 * unplaced, NONE when only DNS).
 */
export function scoreEvent(cells: CellTable, from: number, to: number, classId: Int32Array, groupId: Int32Array, rules: ScoringRules): void {
  const { data } = cells;
  const { dnfScores } = rules;
  let maxSum = 0;
  let maxRaces = 0;
  for (let c = from; c < to; c++) {
    const base = c * STRIDE;
    for (let s = 0; s < 3; s++) if (data[base + SUMS + s] > maxSum) maxSum = data[base + SUMS + s];
    if (data[base + RESULT_COUNT] > maxRaces) maxRaces = data[base + RESULT_COUNT];
  }
  const perMoto = rules.scoring === 'moto';
  for (let s = 0 as ScopeIndex; s < 3; s = (s + 1) as ScopeIndex) {
    const fieldOfRow = s === 1 ? classId : s === 2 ? groupId : null;
    const ids: number[] = [];
    for (let c = from; c < to; c++) {
      if (data[c * STRIDE + FLAGS] & PLACEABLE[s] && (fieldOfRow === null || fieldOfRow[data[c * STRIDE + ROW]] !== NONE)) ids.push(c);
    }
    const n = ids.length;
    const field = new Int32Array(n);
    const byPoints = new Int32Array(n);
    // The last two motos' scoring positions (none: after every position); motos before those only for riders still level.
    const byLast = new Int32Array(n);
    const byPrevious = maxRaces > 1 ? new Int32Array(n) : null;
    let maxPosition = 0;
    for (let i = 0; i < n; i++) {
      const base = ids[i] * STRIDE;
      field[i] = fieldOfRow === null ? 0 : fieldOfRow[data[base + ROW]];
      byPoints[i] = maxSum - data[base + SUMS + s];
      const last = data[base + LAST + s];
      byLast[i] = last;
      if (last > maxPosition) maxPosition = last;
      if (byPrevious) {
        const previous = data[base + PREV + s];
        byPrevious[i] = previous;
        if (previous > maxPosition) maxPosition = previous;
      }
    }
    for (let i = 0; i < n; i++) {
      if (byLast[i] === NONE) byLast[i] = maxPosition + 1;
      if (byPrevious && byPrevious[i] === NONE) byPrevious[i] = maxPosition + 1;
    }
    const keys = byPrevious ? [byPoints, byLast, byPrevious] : [byPoints, byLast];
    const scope = s;
    const ranked = rankByKeys(n, field, keys, maxRaces > 2 ? [(subset) => earlierMotos(cells, subset, ids, scope, maxRaces, dnfScores)] : []);
    for (let i = 0; i < n; i++) data[ids[i] * STRIDE + PLACES + s] = ranked[i];
    for (let c = from; c < to; c++) {
      const base = c * STRIDE;
      if (!(data[base + FLAGS] & SCORED)) data[base + POINTS + s] = NONE;
      else if (perMoto) data[base + POINTS + s] = data[base + SUMS + s];
      else data[base + POINTS + s] = tablePoints(rules.pointsTable, data[base + PLACES + s] === NONE ? null : data[base + PLACES + s]);
    }
  }
}

/**
 * Key columns for riders level on points and on their last two motos (`ids[subset[j]]`): the
 * scoring position in the third moto from the last, then the one before that, and so on (no
 * scoring position — DNS, DSQ, unplaced, not ridden — after every position).
 */
function earlierMotos(cells: CellTable, subset: Int32Array, ids: readonly number[], scope: ScopeIndex, maxRaces: number, dnfScores: boolean): Int32Array[] {
  const n = subset.length;
  const columns: Int32Array[] = [];
  for (let back = 2; back < maxRaces; back++) {
    const column = new Int32Array(n);
    let max = 0;
    for (let j = 0; j < n; j++) {
      const position = cells.scoringPositionBack(ids[subset[j]], back, scope, dnfScores);
      column[j] = position;
      if (position > max) max = position;
    }
    for (let j = 0; j < n; j++) if (column[j] === NONE) column[j] = max + 1;
    columns.push(column);
  }
  return columns;
}
