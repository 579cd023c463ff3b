/**
 * One rider, one profile (issue 25): `groupByPerson` puts one person's records together across
 * race numbers and classes, and keeps apart what licences, member numbers, merges and splits
 * say are different people.
 */
import { describe, expect, it } from 'vitest';
import { groupByPerson, type PersonItem } from './person-identity';

const item = (participantId: number, key: string | null, name = 'daniel boyle', own: string | null = null): PersonItem => ({ participantId, key, name, own });
const people = (items: PersonItem[]) => {
  const groups = groupByPerson(items);
  const out = new Map<number, number[]>();
  for (const [id, g] of groups) out.set(g, [...(out.get(g) ?? []), id].sort((a, b) => a - b));
  return [...out.values()].sort((a, b) => a[0] - b[0]);
};

describe('groupByPerson', () => {
  it('joins the same name under other numbers and classes (27A in A 250, 13B in B 250)', () => {
    expect(people([item(1, 'name:daniel boyle#27A@A 250'), item(2, 'name:daniel boyle#13B@B 250'), item(3, 'name:daniel boyle#42A@A 250'), item(4, 'name:nora nord#1@A', 'nora nord')])).toEqual([[1, 2, 3], [4]]);
  });

  it('keeps two licences, two member numbers of one organization, two merges apart', () => {
    expect(people([item(1, 'licence:A', 'x', 'licence:A'), item(2, 'licence:B', 'x', 'licence:B'), item(3, 'name:x#3@C', 'x')])).toEqual([[1, 3], [2]]);
    expect(people([item(1, 'member:1:10', 'x', 'member:1:10'), item(2, 'member:1:11', 'x', 'member:1:11')])).toEqual([[1], [2]]);
    expect(people([item(1, 'member:1:10', 'x', 'member:1:10'), item(2, 'member:2:11', 'x', 'member:2:11')])).toEqual([[1, 2]]);
    expect(people([item(1, 'rider:1', 'x', 'rider:1'), item(2, 'rider:2', 'x', 'rider:2')])).toEqual([[1], [2]]);
  });

  it('a split record stands alone; the records it shared a name with stay together', () => {
    expect(people([item(1, 'name:x#1@A', 'x'), item(2, 'split:2', 'x', 'split:2'), item(3, 'name:x#2@B', 'x')])).toEqual([[1, 3], [2]]);
  });

  it('records sharing a rider key are one person whatever their names (a merge)', () => {
    expect(people([item(1, 'rider:1', 'jerome cote', 'rider:1'), item(2, 'rider:1', 'jerome levesque cote', 'rider:1'), item(3, 'name:jerome cote#9@A', 'jerome cote')])).toEqual([[1, 2, 3]]);
  });

  it('joins records through the keys of one record, transitively, named by the smallest id whatever the order', () => {
    // Record 9 raced two classes (two keys); 5 shares the first, 12 the second; three spellings.
    const groups = groupByPerson([item(12, 'name:c#2@B', 'c'), item(9, 'name:c#2@B', 'b'), item(9, 'name:a#1@A', 'b'), item(5, 'name:a#1@A', 'a'), item(7, 'licence:X1', 'z', 'licence:X1')]);
    expect([groups.get(5), groups.get(9), groups.get(12), groups.get(7)]).toEqual([5, 5, 5, 7]);
  });
});
