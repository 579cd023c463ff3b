/**
 * Which results columns a phone shows first, per race kind (DESIGN.md "Phone first"; issue 25
 * "Phone columns by priority … decided per race kind, in one place"). At 390 px a table shows its
 * identity columns (the view's own position, the number or enduro row, the rider or team) and
 * right after them the columns that tell the race: a sprint its gap (or its laps, when it has no
 * gap) and its best lap; an enduro its checks (checkpoints) and points. Every other column
 * follows in the race's configured order and scrolls sideways inside the table, the identity
 * columns staying in view (and every field is in the row's detail).
 *
 * The results table's model orders its columns with `orderByPriority` (lib/server/races/
 * results-table.ts), so the page, its print sheets and its downloads keep one column order.
 * Imports nothing from the server.
 */
import type { RaceKind, ResultColumn, ResultView } from './results';

/**
 * After the identity columns, the slots a phone shows, in order: each slot takes the first of its
 * columns the table has (a sprint without gaps shows its laps in the gap's place; the gap of a
 * lapped rider reads "+1 lap").
 */
export const PHONE_PRIORITY: Record<RaceKind, readonly (readonly ResultColumn[])[]> = {
  sprint: [['gap', 'laps'], ['bestLap']],
  enduro: [['checkpoints'], ['points']],
};

/** The column holding a view's own position (the first column of every view). */
export const OWN_POSITION: Record<ResultView, ResultColumn> = { overall: 'position', team: 'position', class: 'classPosition', group: 'groupPosition' };

/** Columns that identify a row: positions, number or enduro row, name. */
const IDENTITY = new Set<ResultColumn>(['position', 'classPosition', 'groupPosition', 'row', 'number', 'name']);

/**
 * Whether `column` identifies the row in `view` (kept in view on a phone: sticky): the
 * positions, the number or enduro row, the rider's name, the team's name in the team view; the
 * overall position only in the overall and team views (by class or group it is one more column).
 */
export function isIdentityColumn(view: ResultView, column: ResultColumn): boolean {
  return (IDENTITY.has(column) && !(column === 'position' && (view === 'class' || view === 'group'))) || (view === 'team' && column === 'team');
}

/**
 * The columns a phone shows without scrolling, for a table of a race of `kind` in `view` with
 * `columns` (in the table's order): the leading identity columns, then one column per slot of
 * `PHONE_PRIORITY[kind]` that the table has.
 */
export function phoneColumns(kind: RaceKind, view: ResultView, columns: readonly ResultColumn[]): ResultColumn[] {
  const lead: ResultColumn[] = [];
  for (const c of columns) {
    if (!isIdentityColumn(view, c)) break;
    lead.push(c);
  }
  const picked: ResultColumn[] = [];
  for (const slot of PHONE_PRIORITY[kind]) {
    const hit = slot.find((c) => columns.includes(c) && !lead.includes(c) && !picked.includes(c));
    if (hit) picked.push(hit);
  }
  return [...lead, ...picked];
}

/**
 * `columns` in the order a phone needs: `phoneColumns` first, then every other column in its
 * given order. Never drops or adds a column.
 */
export function orderByPriority(kind: RaceKind, view: ResultView, columns: readonly ResultColumn[]): ResultColumn[] {
  const first = phoneColumns(kind, view, columns);
  return [...first, ...columns.filter((c) => !first.includes(c))];
}
