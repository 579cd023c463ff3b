/**
 * The engine's working tables (spec §4 Series results; §3 Series table): rows (a rider in a
 * class) and cells (a row at one event) kept in typed arrays rather than objects, so that 5,000
 * riders over 15 events compute in tens of milliseconds. Internal to the engine. Pure: no database.
 *
 * - Cells exist where a rider has counted results at an event. They are numbered event by event
 *   as the results come, so adding results and ranking an event stay in a small stretch of
 *   memory; `RowTable.cellOf` finds a row's cell at an event. A cell's fields sit together in
 *   `CellTable.data` (one record of `STRIDE` numbers: adding a result touches one place, not
 *   ten arrays); per-scope fields take three slots, `FIELD + scope` (0 overall, 1 class, 2 group).
 * - Once the events are ranked, `cellsByRow` copies the cells row by row (`BY_ROW_STRIDE`
 *   numbers per row and event) and their results in the same order, so the per-row passes
 *   (drops, tie-breaks, output) read memory in order too.
 * - The buffers are lent from a small pool and given back after each computation: the first
 *   writes to freshly allocated memory (page faults: several ms for the ~15 MB of 5,000 riders
 *   over 15 events) cost about as much as the computation. The pool keeps at most four buffers
 *   between calls; nothing the engine returns refers to them.
 */
import { RESULT_STATES, type ResultState } from '../../../contracts/results';
import { stateScores } from './points';
import type { EngineRaceScore, EngineResult } from './types';

/** No value in a number column (null place, null points, no position). */
export const NONE = -1;
/** A cell's flags: the rider has a counted result other than DNS at the event. */
export const SCORED = 1;
/** Placeable in a scope: a counted result scores a position there (the rider is ranked at the event). */
export const PLACEABLE = [2, 4, 8] as const;
/** The scope's event score is a drop. */
export const DROPPED = [16, 32, 64] as const;
/** A cell's record in `CellTable.data`: numbers per cell, and each field's offset. */
export const STRIDE = 21;
/** Summed moto points per scope. */
export const SUMS = 0;
/** The scoring position in the cell's last race per scope, NONE when it has none. */
export const LAST = 3;
/** The same in the race before the last (earlier races: `scoringPositionBack`). */
export const PREV = 6;
/** Event place per scope, NONE when unplaced. */
export const PLACES = 9;
/** Event points per scope, NONE when the rider did not score (DNS only). */
export const POINTS = 12;
/** `SCORED`, `PLACEABLE`, `DROPPED` bits. */
export const FLAGS = 15;
/** Emergency points of the counted results (null counts 0). */
export const EMERGENCY = 16;
/** The cell's counted results, in race order: how many, the first, the last (numbers in the result columns). */
export const RESULT_COUNT = 17;
export const FIRST_RESULT = 18;
export const LAST_RESULT = 19;
/** The cell's row. */
export const ROW = 20;

const spares: Int32Array[] = [];

/** A zeroed Int32Array of `length`, from the pool when a spare buffer is big enough (the smallest such). */
export function borrowInt32(length: number): Int32Array {
  let i = spares.length - 1;
  while (i >= 0 && spares[i].length < length) i--;
  if (i < 0) return new Int32Array(length);
  const view = spares.splice(i, 1)[0].subarray(0, length);
  view.fill(0);
  return view;
}

/** Gives a borrowed array back to the pool (which keeps the four biggest). */
export function giveBackInt32(view: Int32Array): void {
  spares.push(new Int32Array(view.buffer));
  spares.sort((a, b) => b.length - a.length);
  spares.length = Math.min(spares.length, 4);
}

/**
 * A row-major cell record in `byRow` (the per-row passes): points and places per scope, flags,
 * emergency points, the cell's number + 1 (0: no cell), its results (count, first).
 */
export const BY_ROW_STRIDE = 11;
export const ROW_POINTS = 0;
export const ROW_PLACES = 3;
export const ROW_FLAGS = 6;
export const ROW_EMERGENCY = 7;
export const ROW_CELL = 8;
export const ROW_RESULT_COUNT = 9;
export const ROW_FIRST_RESULT = 10;

/** A result's record in `CellTable.resultRecords`: race id, positions, state, class points, the cell's next result. */
const RESULT_STRIDE = 7;
const R_RACE = 0;
const R_POSITION = 1;
const R_CLASS_POSITION = 2;
const R_GROUP_POSITION = 3;
const R_STATE = 4;
const R_POINTS = 5;
const R_NEXT = 6;

/** A state's number: its index in `RESULT_STATES`. */
function stateCode(state: ResultState): number {
  for (let i = 0; i < RESULT_STATES.length; i++) if (RESULT_STATES[i] === state) return i;
  return 0;
}
const orNull = (n: number) => (n === NONE ? null : n);

/** Rows (a rider in a class), added as results come. */
export class RowTable {
  readonly riderKey: string[] = [];
  readonly className: (string | null)[] = [];
  readonly classGroup: (string | null)[] = [];
  /**
   * A row's cell at each event, `cellOf[event * rowCapacity + row]` (event by event: adding one
   * event's results stays in its stretch), NONE where none. Grows with the rows.
   */
  cellOf: Int32Array;
  rowCapacity: number;
  /** A rider's first row (most riders race one class: one lookup), then every row by class. */
  private readonly byRider = new Map<string, number>();
  private readonly byClass = new Map<string | null, Map<string, number>>();

  constructor(
    readonly eventCount: number,
    rowCapacity: number,
  ) {
    this.rowCapacity = Math.max(16, rowCapacity);
    this.cellOf = borrowInt32(this.rowCapacity * eventCount).fill(NONE);
  }

  get count(): number {
    return this.riderKey.length;
  }

  /** Gives the buffers back to the pool; the table is not used after. */
  release(): void {
    giveBackInt32(this.cellOf);
  }

  /** The row of a rider in a class, added when new; a later non-null class group replaces the row's. */
  rowOf(riderKey: string, className: string | null, classGroup: string | null): number {
    const first = this.byRider.get(riderKey);
    if (first !== undefined && this.className[first] === className) {
      if (classGroup !== null && this.classGroup[first] !== classGroup) this.classGroup[first] = classGroup;
      return first;
    }
    let classRows = this.byClass.get(className);
    if (!classRows) this.byClass.set(className, (classRows = new Map()));
    let row = classRows.get(riderKey);
    if (row === undefined) {
      row = this.riderKey.length;
      classRows.set(riderKey, row);
      if (first === undefined) this.byRider.set(riderKey, row);
      this.riderKey.push(riderKey);
      this.className.push(className);
      this.classGroup.push(classGroup);
      if (row >= this.rowCapacity) {
        const capacity = this.rowCapacity * 2;
        const grown = borrowInt32(capacity * this.eventCount).fill(NONE);
        for (let e = 0; e < this.eventCount; e++) grown.set(this.cellOf.subarray(e * this.rowCapacity, (e + 1) * this.rowCapacity), e * capacity);
        giveBackInt32(this.cellOf);
        this.cellOf = grown;
        this.rowCapacity = capacity;
      }
    } else if (classGroup !== null && this.classGroup[row] !== classGroup) {
      this.classGroup[row] = classGroup;
    }
    return row;
  }

  /** Numbers for the distinct values of a column (null too, or left out as NONE): the ranking fields. */
  ids(column: readonly (string | null)[], nullIsValue: boolean): Int32Array {
    const seen = new Map<string | null, number>();
    const out = new Int32Array(column.length);
    column.forEach((value, i) => {
      if (value === null && !nullIsValue) {
        out[i] = NONE;
        return;
      }
      let id = seen.get(value);
      if (id === undefined) seen.set(value, (id = seen.size));
      out[i] = id;
    });
    return out;
  }
}

/** Cells (a row at an event), numbered as they come, and the counted results in them. */
export class CellTable {
  count = 0;
  /** The cells' records (`cell * STRIDE + FIELD`); grows as cells are added. */
  data: Int32Array;
  /** The counted results' records (`result * RESULT_STRIDE + FIELD`), `resultTotal` of them: what the output's `races` show. */
  readonly resultRecords: Int32Array;
  private resultCount = 0;

  /**
   * @param capacity cells to make room for (the table grows past it).
   * @param resultTotal the number of counted results (exactly: the results do not grow).
   */
  constructor(capacity: number, resultTotal: number) {
    this.data = borrowInt32(Math.max(16, capacity) * STRIDE);
    this.resultRecords = borrowInt32(Math.max(1, resultTotal) * RESULT_STRIDE);
  }

  /** Gives the buffers back to the pool; the table is not used after. */
  release(): void {
    giveBackInt32(this.data);
    giveBackInt32(this.resultRecords);
  }

  /** A new cell of `row`, with no points, places, positions or results yet; its number. */
  add(row: number): number {
    const cell = this.count++;
    if ((cell + 1) * STRIDE > this.data.length) {
      const grown = borrowInt32(this.data.length * 2);
      grown.set(this.data);
      giveBackInt32(this.data);
      this.data = grown;
    }
    const base = cell * STRIDE;
    const { data } = this;
    for (let k = base + LAST; k < base + FLAGS; k++) data[k] = NONE;
    data[base + FIRST_RESULT] = NONE;
    data[base + LAST_RESULT] = NONE;
    data[base + ROW] = row;
    return cell;
  }

  /** Appends a counted result (of race `raceId`, giving `classPoints`) to a cell's list. */
  addResult(cell: number, result: EngineResult, raceId: number, classPoints: number): void {
    const index = this.resultCount++;
    const { resultRecords: results, data } = this;
    const r = index * RESULT_STRIDE;
    results[r + R_RACE] = raceId;
    results[r + R_POSITION] = result.position ?? NONE;
    results[r + R_CLASS_POSITION] = result.classPosition ?? NONE;
    results[r + R_GROUP_POSITION] = result.groupPosition ?? NONE;
    results[r + R_STATE] = stateCode(result.state);
    results[r + R_POINTS] = classPoints;
    results[r + R_NEXT] = NONE;
    const base = cell * STRIDE;
    if (data[base + LAST_RESULT] === NONE) data[base + FIRST_RESULT] = index;
    else results[data[base + LAST_RESULT] * RESULT_STRIDE + R_NEXT] = index;
    data[base + LAST_RESULT] = index;
    data[base + RESULT_COUNT]++;
  }

  /**
   * The scoring position in a scope of a cell's `back`-th result from its last (0: the last),
   * NONE where it does not score (state, no position) or the cell has fewer results.
   */
  scoringPositionBack(cell: number, back: number, scope: number, dnfScores: boolean): number {
    const index = this.data[cell * STRIDE + RESULT_COUNT] - 1 - back;
    if (index < 0) return NONE;
    const results = this.resultRecords;
    let k = this.data[cell * STRIDE + FIRST_RESULT];
    for (let i = 0; i < index; i++) k = results[k * RESULT_STRIDE + R_NEXT];
    const r = k * RESULT_STRIDE;
    if (!stateScores(RESULT_STATES[results[r + R_STATE]], dnfScores)) return NONE;
    return results[r + (scope === 0 ? R_POSITION : scope === 1 ? R_CLASS_POSITION : R_GROUP_POSITION)];
  }
}

/** The cells row by row (`byRow`) and their results in the same order (`results`): borrowed buffers, to give back with `giveBackInt32`. */
export interface ByRow {
  byRow: Int32Array;
  results: Int32Array;
}

/**
 * The row-major copy of the cells (`BY_ROW_STRIDE` numbers per row and event) and of their
 * results (`RESULT_STRIDE` numbers each; a cell's results are consecutive, `ROW_FIRST_RESULT`
 * the first), so that the output reads both in order.
 */
export function cellsByRow(cells: CellTable, rowCount: number, eventCount: number, eventStart: Int32Array): ByRow {
  const byRow = borrowInt32(rowCount * eventCount * BY_ROW_STRIDE);
  const { data } = cells;
  for (let e = 0; e < eventCount; e++) {
    for (let cell = eventStart[e]; cell < eventStart[e + 1]; cell++) {
      const from = cell * STRIDE;
      const to = (data[from + ROW] * eventCount + e) * BY_ROW_STRIDE;
      for (let s = 0; s < 3; s++) {
        byRow[to + ROW_POINTS + s] = data[from + POINTS + s];
        byRow[to + ROW_PLACES + s] = data[from + PLACES + s];
      }
      byRow[to + ROW_FLAGS] = data[from + FLAGS];
      byRow[to + ROW_EMERGENCY] = data[from + EMERGENCY];
      byRow[to + ROW_CELL] = cell + 1;
      byRow[to + ROW_RESULT_COUNT] = data[from + RESULT_COUNT];
    }
  }
  // Results in row order: each cell's first result number, then the results copied there.
  let next = 0;
  for (let r = 0; r < rowCount * eventCount * BY_ROW_STRIDE; r += BY_ROW_STRIDE) {
    byRow[r + ROW_FIRST_RESULT] = next;
    next += byRow[r + ROW_RESULT_COUNT];
  }
  const results = borrowInt32(Math.max(1, next) * RESULT_STRIDE);
  const source = cells.resultRecords;
  for (let e = 0; e < eventCount; e++) {
    for (let cell = eventStart[e]; cell < eventStart[e + 1]; cell++) {
      const from = cell * STRIDE;
      let to = byRow[(data[from + ROW] * eventCount + e) * BY_ROW_STRIDE + ROW_FIRST_RESULT] * RESULT_STRIDE;
      for (let k = data[from + FIRST_RESULT]; k !== NONE; k = source[k * RESULT_STRIDE + R_NEXT], to += RESULT_STRIDE) {
        const r = k * RESULT_STRIDE;
        results[to + R_RACE] = source[r + R_RACE];
        results[to + R_POSITION] = source[r + R_POSITION];
        results[to + R_CLASS_POSITION] = source[r + R_CLASS_POSITION];
        results[to + R_GROUP_POSITION] = source[r + R_GROUP_POSITION];
        results[to + R_STATE] = source[r + R_STATE];
        results[to + R_POINTS] = source[r + R_POINTS];
      }
    }
  }
  return { byRow, results };
}

/** A cell's counted results in race order (the output's `races`): `count` consecutive records of `results` from `first`. */
export function racesOf(results: Int32Array, first: number, count: number): EngineRaceScore[] {
  const list = new Array<EngineRaceScore>(count);
  for (let i = 0; i < count; i++) {
    const r = (first + i) * RESULT_STRIDE;
    list[i] = {
      raceId: results[r + R_RACE],
      position: orNull(results[r + R_POSITION]),
      classPosition: orNull(results[r + R_CLASS_POSITION]),
      groupPosition: orNull(results[r + R_GROUP_POSITION]),
      state: RESULT_STATES[results[r + R_STATE]],
      points: results[r + R_POINTS],
    };
  }
  return list;
}
