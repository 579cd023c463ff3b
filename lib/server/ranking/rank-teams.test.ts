import { describe, expect, it } from 'vitest';
import { rankTeams, type TeamRankInput } from './rank-teams';

const team = (key: string, checkpoints: number, points: number | null, emergencyPoints: number | null, state: TeamRankInput['state'] = 'finished'): TeamRankInput => ({
  key,
  state,
  checkpoints,
  points,
  emergencyPoints,
});

describe('rankTeams', () => {
  it('ranks team totals: checks desc, points asc, emergency points asc; DNF/DSQ unplaced after', () => {
    const ranked = rankTeams([
      team('dnf61', 61, null, null, 'DNF'),
      team('dsq', 65, 100, 1, 'DSQ'),
      team('der3', 65, 242, 3),
      team('sand', 65, 205, 13),
      team('occr', 65, 242, 45),
      team('dnf60', 60, null, null, 'DNF'),
      team('short', 64, 150, 0),
    ]);
    expect(ranked.map((r) => [r.key, r.position])).toEqual([
      ['sand', 1],
      ['der3', 2],
      ['occr', 3],
      ['short', 4],
      ['dnf61', null],
      ['dnf60', null],
      ['dsq', null],
    ]);
  });
});
