/**
 * The engine against a straightforward reference of the same rules (./test-reference.ts) on
 * random seasons (spec §4 Series results): the engine's counting sorts, key columns and typed
 * tables must give exactly the rows the simple object-and-comparator version gives — every
 * rule combination (per moto / per event, final / overall, drops, minimum events, every
 * tie-break order, DNF scoring, filters, exclusions), many ties (small points tables), three
 * or more motos, riders in two classes, rows without a class group, positions past the
 * counting-sort range.
 */
import { describe, expect, it } from 'vitest';
import { RESULT_STATES } from '../../../contracts/results';
import { seriesRules, type SeriesRulesInput, type TieBreak } from '../../../contracts/series';
import { computeStandings } from './compute';
import { referenceRows } from './test-reference';
import type { EngineEvent, EngineInput, EngineResult } from './types';
import { prng as seededPrng } from '../../seed/prng';

/** mulberry32 (lib/server/seed/prng.ts), as a function giving a float in [0, 1): the same seed, the same sequence. */
const prng = (seed: number): (() => number) => seededPrng(seed).next;

const TIE_ORDERS: TieBreak[][] = [[], ['better-finishes', 'latest-race'], ['latest-race'], ['emergency-points'], ['emergency-points', 'better-finishes', 'latest-race'], ['better-finishes']];

function randomInput(seed: number): EngineInput {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const classes = ['A', 'B', 'C', 'D'];
  const groupOf: Record<string, string | null> = { A: 'G1', B: 'G1', C: 'G2', D: null };
  const riders = Array.from({ length: 6 + Math.floor(random() * 30) }, (_, i) => ({ key: `r${i}`, className: pick(classes), second: random() < 0.15 ? pick(classes) : null }));
  const wide = random() < 0.15; // positions past the counting sorts' range
  const events: EngineEvent[] = [];
  const eventCount = 1 + Math.floor(random() * 6);
  let raceId = 1;
  for (let e = 0; e < eventCount; e++) {
    const future = e > 0 && random() < 0.15;
    const motos = future ? 0 : 1 + Math.floor(random() * 3);
    const races = [];
    for (let m = 0; m < motos; m++) {
      const field = riders.flatMap((r) => [r.className, ...(r.second ? [r.second] : [])].map((c) => ({ r, c }))).filter(() => random() < 0.75);
      field.sort(() => random() - 0.5);
      const inClass = new Map<string, number>();
      const inGroup = new Map<string, number>();
      const results: EngineResult[] = field.map(({ r, c }, i) => {
        const state = random() < 0.85 ? 'finished' : pick(RESULT_STATES);
        const unplaced = (state === 'DNS' || state === 'DSQ') && random() < 0.7;
        const cp = (inClass.get(c) ?? 0) + 1;
        inClass.set(c, cp);
        const g = groupOf[c];
        const gp = g ? (inGroup.get(g) ?? 0) + 1 : null;
        if (g) inGroup.set(g, gp ?? 0);
        const scale = wide ? 400_000 : 1;
        return {
          riderKey: r.key,
          className: c,
          classGroup: g,
          position: unplaced ? null : (i + 1) * scale,
          classPosition: unplaced ? null : random() < 0.1 ? cp + 1 : cp, // sometimes a shared class position
          groupPosition: unplaced ? null : gp,
          state,
          emergencyPoints: random() < 0.2 ? null : Math.floor(random() * 5),
        };
      });
      races.push({ id: raceId++, order: pick([m, m * 2, 10 - m]), results, teams: [] });
    }
    events.push({ id: 100 + e, name: `E${e}`, startDate: `2026-01-0${e + 1}`, hostClub: null, races });
  }
  const rules: SeriesRulesInput = {
    pointsTable: pick([[5, 3, 1], [10, 7, 5, 3, 2, 1], [25, 22, 20, 18, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1], [3, 3, 1]]),
    scoring: pick(['moto', 'event'] as const),
    classes: random() < 0.2 ? ['A', 'C'] : [],
    classGroups: random() < 0.15 ? ['G1'] : [],
    bestResults: random() < 0.3 ? 1 + Math.floor(random() * 3) : null,
    dropScores: Math.floor(random() * 3),
    minEvents: Math.floor(random() * 3),
    tieBreak: pick(TIE_ORDERS),
    excludedRaceIds: random() < 0.3 ? [1 + Math.floor(random() * raceId)] : [],
    dnfScores: random() < 0.7,
  };
  return { rules: seriesRules.parse(rules), seriesType: random() < 0.3 ? 'final' : 'overall', events, excludeRaceIds: random() < 0.2 ? [2] : [], withRaces: true };
}

describe('the engine agrees with the reference on random seasons', () => {
  it('gives the same rows for 400 seasons', () => {
    for (let seed = 1; seed <= 400; seed++) {
      const input = randomInput(seed);
      expect(computeStandings(input).rows, `seed ${seed}`).toEqual(referenceRows(input));
    }
  });
});
