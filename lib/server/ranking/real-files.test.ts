/**
 * Agreement of the ranking rules with the positions real timing systems and scoring offices
 * gave (data/real, byte for byte as recorded). Every file is parsed with the importers'
 * `parseResultsFile`, ranked from its data alone (the input order is reversed, so the
 * importers' own sorting by the given position cannot help) and checked with `checkPositions`.
 * Where a file does not carry enough data to decide an order, the comparison is restricted
 * and the reason written next to it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rankInput } from '../import/rank';
import { parseResultsFile } from '../import/parse';
import { checkPositions } from './check-positions';
import { positionsWithin } from './positions-within';
import { rankEnduro } from './rank-enduro';
import { rankSprint } from './rank-sprint';
import { rankTeams } from './rank-teams';
import type { Ranked, RankInput } from './types';

type Race = ReturnType<typeof parseResultsFile>['races'][number];
type Entry = Race['entries'][number];

const REAL_DIR = new URL('../../../data/real/', import.meta.url);

function parseReal(relPath: string): Race[] {
  return parseResultsFile(relPath, readFileSync(new URL(relPath, REAL_DIR), 'utf8')).races;
}

/** The ranking input of an entry, as the import's ranking step builds it (without the given position). */
const toInput = (e: Entry): RankInput => ({ ...rankInput(e), position: undefined });

const given = (entries: Entry[]) => entries.map((e) => ({ key: e.key, position: e.result.position }));
const reversed = <T>(list: readonly T[]) => [...list].reverse();

/**
 * The positions within each group implied by the given positions: the entries that have one,
 * sorted by it and numbered 1, 2, 3 … per group.
 */
function givenWithin<T>(items: T[], key: (x: T) => string, group: (x: T) => string | null, position: (x: T) => number | null) {
  const out: { key: string; position: number | null }[] = [];
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const g = group(item);
    if (g === null || position(item) === null) continue;
    groups.set(g, [...(groups.get(g) ?? []), item]);
  }
  for (const members of groups.values()) {
    const places = members.map((m) => position(m) ?? 0).sort((a, b) => a - b);
    expect(new Set(places).size, 'a place is given twice in one group').toBe(places.length);
    members.forEach((m) => out.push({ key: key(m), position: places.indexOf(position(m) ?? 0) + 1 }));
  }
  return out;
}

/**
 * Asserts that the ranking reproduces every given position, except that the entries the rules
 * find tied (the data do not decide their order) only have to occupy, together, the positions
 * they were given. `tied` lists the keys expected to be tied, so a new tie fails the test.
 */
function expectAgreement(givenList: { key: string; position: number | null }[], ranked: Ranked[], tied: string[]) {
  const tiedKeys = ranked.filter((r) => r.tied).map((r) => r.key);
  expect([...tiedKeys].sort()).toEqual([...tied].sort());
  const decided = givenList.filter((g) => !tiedKeys.includes(g.key));
  expect(checkPositions(decided, ranked)).toEqual([]);
  const positions = (list: { key: string; position: number | null }[]) =>
    list.filter((x) => tiedKeys.includes(x.key)).map((x) => x.position ?? 0).sort((a, b) => a - b);
  expect(positions(ranked)).toEqual(positions(givenList));
}

describe('RMonitor $G positions (lap races)', () => {
  const files = [
    { file: 'rmonitor/orbits-mock-session.txt', entries: 6, tied: [] as string[] },
    { file: 'rmonitor/2009-sebring-alms-session-4.txt', entries: 11, tied: [] },
    // Cars 17 and 21 never took the start (no passing, no laps, $G time 59:59.999 = none):
    // Orbits lists them 14 and 15 in its entry-list order ($A lines 35/36), which no result
    // datum decides. They are tied on the data; only their pair of positions is checked.
    { file: 'rmonitor/2009-sebring-alms-session-4-lites.txt', entries: 15, tied: ['17', '21'] },
  ];

  for (const { file, entries, tied } of files) {
    it(`${file}: laps desc, then total time asc reproduce every $G position`, () => {
      const [race, ...others] = parseReal(file);
      expect(others).toHaveLength(0);
      expect(race.entries.filter((e) => e.result.position !== null)).toHaveLength(entries);
      expect(race.entries.filter((e) => tied.includes(e.key)).map((e) => e.result.state)).toEqual(tied.map(() => 'DNS'));
      expectAgreement(given(race.entries), rankSprint(reversed(race.entries.map(toInput))), tied);
    });

    it(`${file}: class positions follow the $G order within each class`, () => {
      const [race] = parseReal(file);
      const byClass = positionsWithin(reversed(race.entries.map(toInput)), (e) => e.className, rankSprint);
      const expected = givenWithin(race.entries, (e) => e.key, (e) => e.className, (e) => e.result.position);
      expect(expected).toHaveLength(entries);
      expectAgreement(expected, byClass, tied);
    });
  }
});

describe('AMA supercross live timing A positions (gap to the leader, no total time)', () => {
  const file = 'supercross/2017-las-vegas-450sx-main-live-timing.json';

  /**
   * The feed's `D` (gap to the leader) is `--.---` for the leader himself (the importer reads
   * it as 0) and "N laps" for riders laps down (null): no rider on the lead lap lacks a gap.
   */
  function inputs(race: Race): RankInput[] {
    const list = race.entries.map(toInput);
    const leadLap = Math.max(...list.map((e) => e.laps ?? 0));
    expect(list.filter((e) => e.laps === leadLap && e.gapMs == null)).toEqual([]);
    expect(list.find((e) => e.key === '21')?.gapMs).toBe(0);
    return list;
  }

  it('laps desc, then the gap, then DNF (OUT) reproduce every position of the feed order', () => {
    const [race] = parseReal(file);
    expect(race.entries).toHaveLength(22);
    expect(checkPositions(given(race.entries), rankSprint(inputs(race)))).toEqual([]);
  });

  it('from the reversed order: every rider whose data decide agrees; tied riders only swap among their own positions', () => {
    const [race] = parseReal(file);
    const ranked = rankSprint(reversed(inputs(race)));
    // Laps down, the feed gives no gap to the leader ("1 lap", "2 laps") and no total time; its
    // `G` (gap to the rider ahead) only refers to its own order. Riders 61/314/151 (18 laps)
    // and 722/606 (17 laps) are therefore tied on the data: their order is the feed's alone.
    expectAgreement(given(race.entries), ranked, ['61', '314', '151', '722', '606']);
  });
});

describe('ECEA team enduro (Pine Hill 2026)', () => {
  const file = 'enduro/2026-ecea-pine-hill-team-enduro.csv';

  it('team positions: checks desc, points asc, emergency points asc; DNF teams unplaced', () => {
    const [race] = parseReal(file);
    const teams = race.teams.map((t) => ({
      key: t.key,
      state: t.state,
      checkpoints: t.totalCheckpoints,
      points: t.totalPoints,
      emergencyPoints: t.totalEmergencyPoints,
    }));
    const ranked = rankTeams(reversed(teams));
    const givenTeams = race.teams.map((t) => ({ key: t.key, position: t.position }));
    expect(checkPositions(givenTeams, ranked, { compareUnplaced: true })).toEqual([]);
    expect(givenTeams.filter((t) => t.position !== null)).toHaveLength(12);
    expect(givenTeams.filter((t) => t.position === null)).toHaveLength(8);
    // DNF teams DER - #2 and SPER - FASTBOYZ I both have 58 checks and no points: tied, unplaced.
    expect(ranked.filter((r) => r.tied).map((r) => [r.key, r.position])).toEqual([
      ['DER - #2', null],
      ['SPER - FASTBOYZ I', null],
    ]);
  });

  it('rider places in class: checks desc, points asc, emergency points asc; 9999 unplaced', () => {
    const [race] = parseReal(file);
    // The report lists only the riders of the teams, while the office places every rider of a
    // class (e.g. AA shows places 1, 3, 4 … and no 2). So the given places are compared as an
    // order: within each class, the listed riders numbered by their given place.
    const expected = givenWithin(race.entries, (e) => e.key, (e) => e.className, (e) => e.result.classPosition);
    const nonScorers = race.entries.filter((e) => e.result.classPosition === null);
    expect(nonScorers.map((e) => [e.key, e.result.state, e.result.checkpoints])).toEqual([
      ['29A', 'DNS', 0],
      ['35E', 'DNS', 0],
    ]);
    const ranked = positionsWithin(reversed(race.entries.map(toInput)), (e) => e.className, rankEnduro);
    const all = [...expected, ...nonScorers.map((e) => ({ key: e.key, position: null }))];
    expect(all).toHaveLength(race.entries.length);
    expect(checkPositions(all, ranked, { compareUnplaced: true })).toEqual([]);
    expect(ranked.filter((r) => r.tied)).toEqual([]);
  });
});
