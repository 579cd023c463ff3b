import { describe, expect, it } from 'vitest';
import { rankSprint } from './rank-sprint';
import type { RankInput } from './types';

const e = (key: string, over: Partial<RankInput> = {}): RankInput => ({ key, state: 'finished', ...over });
const order = (entries: RankInput[]) => rankSprint(entries).map((r) => r.key);

describe('rankSprint', () => {
  it('ranks more laps first, then the lower total time', () => {
    const ranked = rankSprint([
      e('a', { laps: 7, totalTimeMs: 300_000 }),
      e('b', { laps: 8, totalTimeMs: 340_000 }),
      e('c', { laps: 8, totalTimeMs: 320_000 }),
    ]);
    expect(ranked).toEqual([
      { key: 'c', position: 1, tied: false },
      { key: 'b', position: 2, tied: false },
      { key: 'a', position: 3, tied: false },
    ]);
  });

  it('adds the time penalty to the total time', () => {
    expect(
      order([e('a', { laps: 8, totalTimeMs: 300_000, penaltyMs: 30_000 }), e('b', { laps: 8, totalTimeMs: 310_000 })]),
    ).toEqual(['b', 'a']);
    expect(
      order([e('a', { laps: 8, totalTimeMs: 300_000, penaltyMs: 5_000 }), e('b', { laps: 8, totalTimeMs: 310_000 })]),
    ).toEqual(['a', 'b']);
  });

  it('takes penalty laps off the laps completed', () => {
    expect(
      order([
        e('a', { laps: 10, totalTimeMs: 580_000, penaltyLaps: 2 }),
        e('b', { laps: 9, totalTimeMs: 650_000 }),
        e('c', { laps: 8, totalTimeMs: 590_000 }),
      ]),
    ).toEqual(['b', 'a', 'c']); // a counts 8 laps and beats c on time
  });

  it('ranks DNF, then DNS, then DSQ after running and finished competitors', () => {
    expect(
      order([
        e('dsq', { state: 'DSQ', laps: 20, totalTimeMs: 1 }),
        e('dns', { state: 'DNS' }),
        e('dnf', { state: 'DNF', laps: 12, totalTimeMs: 500_000 }),
        e('run', { state: 'running', laps: 3, totalTimeMs: 200_000 }),
        e('fin', { state: 'finished', laps: 3, totalTimeMs: 190_000 }),
      ]),
    ).toEqual(['fin', 'run', 'dnf', 'dns', 'dsq']);
    // every sprint entry keeps a position, the unfinished ones included
    expect(rankSprint([e('x', { state: 'DNS' }), e('y', { laps: 1 })]).map((r) => r.position)).toEqual([1, 2]);
  });

  it('ranks DNF riders among themselves by laps and time', () => {
    expect(
      order([
        e('a', { state: 'DNF', laps: 3, totalTimeMs: 100_000 }),
        e('b', { state: 'DNF', laps: 5, totalTimeMs: 200_000 }),
      ]),
    ).toEqual(['b', 'a']);
  });

  it('ranks a competitor without a total time after those with one on the same laps', () => {
    expect(
      order([
        e('none', { laps: 8 }),
        e('slow', { laps: 8, totalTimeMs: 900_000 }),
        e('less', { laps: 7, totalTimeMs: 100_000 }),
      ]),
    ).toEqual(['slow', 'none', 'less']);
    // unknown laps rank after any lap count, 0 included
    expect(order([e('unknown'), e('zero', { laps: 0 })])).toEqual(['zero', 'unknown']);
  });

  it('orders riders on the same lap by the gap to the leader when there is no total time', () => {
    expect(
      order([
        e('c', { laps: 19, gapMs: 2_608 }),
        e('lapped', { laps: 18 }),
        e('leader', { laps: 19, gapMs: 0 }),
        e('b', { laps: 19, gapMs: 1_854, penaltyMs: 1_000 }),
      ]),
    ).toEqual(['leader', 'c', 'b', 'lapped']); // b's penalty puts it behind c
    expect(order([e('nogap', { laps: 19 }), e('gap', { laps: 19, gapMs: 5_000 })])).toEqual(['gap', 'nogap']);
  });

  it('keeps the input order for ties, with consecutive positions and the tie flagged', () => {
    expect(
      rankSprint([
        e('lead', { laps: 5, totalTimeMs: 100 }),
        e('x', { laps: 4, totalTimeMs: 200 }),
        e('y', { laps: 4, totalTimeMs: 200 }),
        e('z', { laps: 4, totalTimeMs: 300 }),
      ]),
    ).toEqual([
      { key: 'lead', position: 1, tied: false },
      { key: 'x', position: 2, tied: true },
      { key: 'y', position: 3, tied: true },
      { key: 'z', position: 4, tied: false },
    ]);
    expect(order([e('y', { laps: 4, totalTimeMs: 200 }), e('x', { laps: 4, totalTimeMs: 200 })])).toEqual(['y', 'x']);
  });

  it('does not call a tie across state tiers', () => {
    expect(rankSprint([e('a', { state: 'DNS' }), e('b', { state: 'DSQ' })]).map((r) => r.tied)).toEqual([false, false]);
  });

  it('returns an empty ranking for no entries and refuses duplicate keys', () => {
    expect(rankSprint([])).toEqual([]);
    expect(() => rankSprint([e('a'), e('a')])).toThrow(/duplicate entry key "a"/);
  });
});
