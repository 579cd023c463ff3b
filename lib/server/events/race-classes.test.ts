import { describe, expect, it } from 'vitest';
import { orderClasses, type ClassTally } from './race-classes';

const tally = (name: string | null, sortOrder = 0, entryCount = 1): ClassTally => ({ classId: name ? name.length : null, name, group: null, sortOrder, entryCount });

describe('a race’s classes', () => {
  it('keep the race configuration’s order, then the rulebook’s, then names; no class last', () => {
    const out = orderClasses(7, [tally(null), tally('Women', 2), tally('B 250'), tally('AA'), tally('Open', 1), tally('A 250')], ['AA', 'A 250', 'B 250']);
    expect(out.map((c) => c.name)).toEqual(['AA', 'A 250', 'B 250', 'Open', 'Women', null]);
  });

  it('links each class to its results on /scores, none for entries without a class', () => {
    const [aa, none] = orderClasses(7, [tally(null), tally('A VET 30+')], []);
    expect(aa.resultsPath).toBe('/scores/7?class=A+VET+30%2B');
    expect(none).toMatchObject({ name: null, resultsPath: null });
  });

  it('orders names naturally (85cc before 125cc)', () => {
    expect(orderClasses(1, [tally('125cc'), tally('85cc'), tally('50cc')], []).map((c) => c.name)).toEqual(['50cc', '85cc', '125cc']);
  });
});
