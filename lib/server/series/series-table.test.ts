/**
 * The series table's filters, order and paging (./series-table.ts; spec §3 Series table, §7
 * series/results: filters, orderBy, orderDesc, page, size) and the CSV cell of a drop.
 */
import { describe, expect, it } from 'vitest';
import { seriesResultsRequest, type SeriesResultRow } from '../../contracts/series';
import { cellText } from './export-series-csv';
import { filterRows, keepEvents, orderRows, pageRows } from './series-table';

const standing = (position: number | null, points = 0) => ({ position, points });
function row(key: string, lastName: string, className: string | null, classPosition: number | null, extra: Partial<SeriesResultRow> = {}): SeriesResultRow {
  return {
    riderKey: key,
    participantId: 1,
    number: key,
    firstName: 'A',
    lastName,
    city: null,
    state: null,
    brand: null,
    className,
    classGroup: null,
    overall: standing(classPosition),
    class: standing(classPosition),
    group: standing(null),
    eventsScored: 1,
    classified: classPosition !== null,
    events: [],
    ...extra,
  };
}
const order = { classOrder: new Map([['Pro', 0], ['Vet', 1]]), groupOrder: new Map<string, number>() };
const keys = (rows: SeriesResultRow[]) => rows.map((r) => r.riderKey);

describe('orderRows', () => {
  const rows = [
    row('v2', 'Bouchard', 'Vet', 2),
    row('p-u', 'Aubé', 'Pro', null),
    row('p2b', 'Tremblay', 'Pro', 2),
    row('v1', 'Roy', 'Vet', 1),
    row('p1', 'Gagnon', 'Pro', 1),
    row('p2a', 'Côté', 'Pro', 2),
  ];

  it('orders class by class, positions ascending, unclassified last in their class, ties by last name', () => {
    expect(keys(orderRows(rows, 'classPosition', 'ASC', order))).toEqual(['p1', 'p2a', 'p2b', 'p-u', 'v1', 'v2']);
  });

  it('reverses positions with DESC but keeps the class blocks and unclassified rows last', () => {
    expect(keys(orderRows(rows, 'classPosition', 'DESC', order))).toEqual(['p2a', 'p2b', 'p1', 'p-u', 'v2', 'v1']);
  });

  it('orders the whole table by overall position, by last name or by number', () => {
    expect(keys(orderRows(rows, 'overallPosition', 'ASC', order))).toEqual(['p1', 'v1', 'v2', 'p2a', 'p2b', 'p-u']);
    expect(keys(orderRows(rows, 'lastName', 'ASC', order))).toEqual(['v2', 'p2a', 'p1', 'v1', 'p2b', 'p-u']);
    expect(keys(orderRows(rows, 'lastName', 'DESC', order))).toEqual(['p2b', 'v1', 'p1', 'p2a', 'v2', 'p-u']);
    const numbered = [row('a', 'X', 'Pro', 1, { number: '10' }), row('b', 'Y', 'Pro', 2, { number: '9' }), row('c', 'Z', 'Pro', 3, { number: '10A' })];
    expect(keys(orderRows(numbered, 'number', 'ASC', order))).toEqual(['b', 'a', 'c']);
  });
});

describe('filterRows', () => {
  const rows = [row('a', 'A', 'Pro', 1, { brand: 'KTM', classGroup: 'Expert' }), row('b', 'B', 'Vet', 1, { brand: 'YAM' }), row('c', 'C', 'Pro', 2, { brand: 'YAM', classGroup: 'Expert' })];

  it('keeps rows of the given classes, groups, brands and rider keys; empty lists filter nothing', () => {
    expect(keys(filterRows(rows, { classes: ['Pro'] }))).toEqual(['a', 'c']);
    expect(keys(filterRows(rows, { classes: ['Pro', 'Vet'], classesResults: ['Vet'] }))).toEqual(['b']);
    expect(keys(filterRows(rows, { groups: ['Expert'], brands: ['YAM'] }))).toEqual(['c']);
    expect(keys(filterRows(rows, { participants: ['b', 'c'], brands: [] }))).toEqual(['b', 'c']);
    expect(keys(filterRows(rows, {}))).toEqual(['a', 'b', 'c']);
  });
});

describe('pageRows', () => {
  const list = Array.from({ length: 7 }, (_, i) => i);
  it('pages by size, -1 meaning every row', () => {
    expect(pageRows(list, 1, -1)).toEqual({ data: list, meta: { page: 1, lastPage: 1, totalItems: 7, pageCount: 7 } });
    expect(pageRows(list, 2, 3)).toEqual({ data: [3, 4, 5], meta: { page: 2, lastPage: 3, totalItems: 7, pageCount: 3 } });
    expect(pageRows(list, 3, 3).data).toEqual([6]);
    expect(pageRows(list, 9, 3)).toEqual({ data: [], meta: { page: 9, lastPage: 3, totalItems: 7, pageCount: 0 } });
    expect(pageRows([], 1, 50).meta).toEqual({ page: 1, lastPage: 1, totalItems: 0, pageCount: 0 });
  });
});

describe('keepEvents', () => {
  it('keeps the columns of the given events in the rows and the events alike', () => {
    const events = [1, 2, 3].map((id) => ({ id, name: `E${id}`, startDate: '2026-05-0' + id, held: true, round: id }));
    const cell = (eventId: number) => ({ eventId, raceName: `E${eventId}`, overall: { points: eventId, position: 1, drop: false }, class: { points: eventId, position: 1, drop: false }, group: { points: null, position: null, drop: false } });
    const rows = [row('a', 'A', 'Pro', 1, { events: [cell(1), null, cell(3)] })];
    const kept = keepEvents(events, rows, [3, 1]);
    expect(kept.events.map((e) => e.id)).toEqual([1, 3]);
    expect(kept.rows[0].events.map((c) => c?.eventId ?? null)).toEqual([1, 3]);
    expect(keepEvents(events, rows, []).events).toHaveLength(3);
  });
});

describe('the request defaults and a CSV cell', () => {
  it('defaults to class points, class position ascending, every row', () => {
    expect(seriesResultsRequest.parse({})).toEqual({ filters: {}, indexScore: 'classPointsShow', orderBy: 'classPosition', orderDesc: 'ASC', page: 1, size: -1 });
  });

  it('writes a drop score in brackets and nothing without a score', () => {
    expect(cellText({ points: 12, position: 5, drop: true })).toBe('(12)');
    expect(cellText({ points: 0, position: 20, drop: false })).toBe('0');
    expect(cellText({ points: null, position: null, drop: false })).toBe('');
    expect(cellText(null)).toBe('');
  });
});
