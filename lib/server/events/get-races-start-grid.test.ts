import { describe, expect, it } from 'vitest';
import type { StartGridRow } from '../../contracts/events';
import { compareGridRows } from './get-races-start-grid';

const row = (entryId: number, position: number | null, label: string | null, number = String(entryId)): StartGridRow => ({
  entryId,
  position,
  label,
  number,
  firstName: 'A',
  lastName: 'B',
  className: null,
});

describe('start grid order', () => {
  it('goes by position, then label in natural order, then number; unplaced last', () => {
    const rows = [row(1, null, null, '7'), row(2, 23, '23B'), row(3, 10, '10A'), row(4, 23, '23A'), row(5, 2, null), row(6, null, '9'), row(7, null, '10'), row(8, null, null, '3')];
    expect(rows.sort(compareGridRows).map((r) => r.entryId)).toEqual([5, 3, 4, 2, 6, 7, 8, 1]);
  });
});
