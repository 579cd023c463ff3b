import { describe, expect, it } from 'vitest';
import { isRaceConfigured } from '../../contracts/results';
import { seriesRules } from '../../contracts/series';
import { NOTABLE_RIDERS, SERIES } from './sample-data';
import { buildSamplePlan, sampleParticipants, seriesRulesOf } from './sample-plan';
import { ENDURO_CHECKS, planEventResults, riderSkills, type PlannedResultRace } from './sample-results-plan';

const TODAY = '2026-11-22';
const plan = buildSamplePlan(TODAY);
const riders = sampleParticipants().map((rider, participant) => ({ participant, rider }));
const skills = riderSkills(riders.map((r) => r.rider));
const past = plan.events.filter((e) => e.season === 2026 && e.isComplete && e.isPublic);
const planned = new Map(
  past.map((e) => [
    e.key,
    planEventResults({ name: e.name, startDate: e.startDate, discipline: e.discipline, trackLengthKm: e.trackLengthKm, classes: e.classes.map((c) => c.className) }, riders, skills),
  ]),
);
const racesOf = (key: string) => planned.get(key)!;
const name = (participant: number) => `${riders[participant].rider.firstName} ${riders[participant].rider.lastName}`;

/** The non-null values of `positions` are 1..k, each once. */
function expectOneToK(positions: (number | null)[]) {
  const placed = positions.filter((p): p is number => p !== null).sort((a, b) => a - b);
  expect(placed).toEqual(placed.map((_, i) => i + 1));
}

describe('sampleParticipants', () => {
  it('are the plan’s riders whatever the date', () => {
    expect(sampleParticipants()).toEqual(plan.participants);
    expect(sampleParticipants()).toEqual(buildSamplePlan('2031-03-10').participants);
  });
});

describe('series rules of the sample series', () => {
  it('gives the motocross championship per-moto points with a drop, the enduro cup per-event points over its class group', () => {
    const rules = Object.fromEntries(SERIES.map((s) => [s.key, seriesRules.parse(seriesRulesOf(s))]));
    expect(rules.mx).toMatchObject({ scoring: 'moto', dropScores: 1, tieBreak: ['better-finishes', 'latest-race'], classGroups: [] });
    expect(rules.mx.pointsTable.slice(0, 7)).toEqual([25, 22, 20, 18, 16, 15, 14]);
    expect(rules.mx.classes).toContain('Open Pro');
    expect(rules.enduro).toMatchObject({ scoring: 'event', minEvents: 2, tieBreak: ['emergency-points'], classGroups: ['Enduro'], classes: [], dropScores: 0 });
    // The quad series keeps the rules it had: its classes, no drop.
    expect(seriesRulesOf(SERIES.find((s) => s.key === 'quad')!)).toEqual({ classes: ['Quad 70', 'Quad 90', 'Quad Pro', 'Quad Open', 'Quad Vet 30+', 'Quad Women'], dropScores: 0 });
  });
});

describe('planEventResults', () => {
  it('is deterministic per event', () => {
    const e = past.find((x) => x.key === 'mx-pins')!;
    const again = planEventResults({ name: e.name, startDate: e.startDate, discipline: e.discipline, trackLengthKm: e.trackLengthKm, classes: e.classes.map((c) => c.className) }, riders, skills);
    expect(again).toEqual(racesOf('mx-pins'));
  });

  it('gives every motocross class two motos named like “Open Pro – Moto 1”, moto 1s first', () => {
    for (const key of ['mx-pins', 'mx-renfrew', 'mx-valley-ridge']) {
      const races = racesOf(key);
      const classes = races.filter((r) => r.name.endsWith('Moto 1')).map((r) => r.config.classes[0]);
      expect(classes.length).toBeGreaterThanOrEqual(10);
      expect(races.map((r) => r.name)).toEqual([...classes.map((c) => `${c} – Moto 1`), ...classes.map((c) => `${c} – Moto 2`)]);
      expect(races.map((r) => r.runNumber)).toEqual(races.map((_, i) => i + 1));
      for (const r of races) expect(r).toMatchObject({ kind: 'sprint', config: { classes: [expect.any(String)] } });
    }
  });

  it('gives an enduro one checkpoint race for every class, with start rows', () => {
    for (const key of ['enduro-laurentides', 'enduro-bonnechere', 'enduro-automne']) {
      const [race, ...rest] = racesOf(key);
      expect(rest).toEqual([]);
      expect(race.kind).toBe('enduro');
      expect(race.config.columns).toEqual(expect.arrayContaining(['checkpoints', 'points', 'emergencyPoints', 'classPosition']));
      for (const e of race.entries) {
        expect(e.gridLabel).toMatch(/^\d+[A-D]$/);
        expect(e.sourceKey).toBe(e.gridLabel);
        if (e.result.state === 'finished') expect(e.result.checkpoints).toBe(ENDURO_CHECKS);
        if (e.result.state === 'DNS') expect(e.result).toMatchObject({ checkpoints: 0, points: null, position: null, classPosition: null });
      }
    }
  });

  it('has valid race configurations naming the classes raced', () => {
    for (const races of planned.values()) {
      for (const r of races) {
        expect(isRaceConfigured(r.config)).toBe(true);
        expect(new Set(r.entries.map((e) => e.className))).toEqual(new Set(r.config.classes));
      }
    }
  });

  it('gives consistent positions: overall, in class and in class group 1..n (enduro: the scorers), in finishing order', () => {
    const check = (r: PlannedResultRace) => {
      const keys = r.entries.map((e) => e.sourceKey);
      expect(new Set(keys).size).toBe(keys.length);
      expectOneToK(r.entries.map((e) => e.result.position));
      for (const c of r.config.classes) expectOneToK(r.entries.filter((e) => e.className === c).map((e) => e.result.classPosition));
      expectOneToK(r.entries.map((e) => e.result.groupPosition)); // one class group per sample race
      const order = r.entries.map((e) => e.result.position).filter((p) => p !== null);
      expect(order).toEqual([...order].sort((a, b) => a! - b!));
      for (const e of r.entries) {
        if (r.kind === 'sprint') expect(e.result.position).not.toBeNull();
        else expect(e.result.position === null).toBe(e.result.state !== 'finished');
        if (e.result.state === 'DNS') expect(e.result.laps ?? 0).toBe(0);
      }
      // Sprint: more laps first, then less time; the gap is to the winner on the same lap.
      if (r.kind === 'sprint') {
        const finished = r.entries.filter((e) => e.result.state === 'finished');
        for (let i = 1; i < finished.length; i++) {
          const [a, b] = [finished[i - 1].result, finished[i].result];
          expect(a.laps! > b.laps! || (a.laps === b.laps && a.totalTimeMs! <= b.totalTimeMs!)).toBe(true);
        }
      }
    };
    for (const races of planned.values()) races.forEach(check);
  });

  it('keeps each rider’s race number and brand all season, in their own class only', () => {
    const seen = new Map<number, string>();
    for (const races of planned.values()) {
      for (const r of races) {
        for (const e of r.entries) {
          const rider = riders[e.participant].rider;
          expect([e.raceNumber, e.brand, e.className]).toEqual([rider.raceNumber, rider.brand, rider.className]);
          expect(seen.get(e.participant) ?? e.raceNumber).toBe(e.raceNumber);
          seen.set(e.participant, e.raceNumber);
        }
      }
    }
  });

  it('brings about 85 % of the riders to an event, and has a few DNF and DNS', () => {
    let possible = 0;
    let came = 0;
    for (const e of past) {
      const offered = new Set(e.classes.map((c) => c.className));
      possible += riders.filter((r) => offered.has(r.rider.className)).length;
      came += new Set(racesOf(e.key).flatMap((r) => r.entries.map((x) => x.participant))).size;
    }
    expect(came / possible).toBeGreaterThan(0.8);
    expect(came / possible).toBeLessThan(0.92);
    const states = [...planned.values()].flat().flatMap((r) => r.entries.map((e) => e.result.state));
    const share = (s: string) => states.filter((x) => x === s).length / states.length;
    expect(share('DNF')).toBeGreaterThan(0.01);
    expect(share('DNF')).toBeLessThan(0.1);
    expect(share('DNS')).toBeGreaterThan(0);
    expect(share('DNS')).toBeLessThan(0.05);
  });

  it('lets the champions (number 1) win most of the races they finish', () => {
    const champions = new Set(NOTABLE_RIDERS.filter((n) => n.number === '1').map((n) => `${n.firstName} ${n.lastName}`));
    let raced = 0;
    let won = 0;
    for (const races of planned.values()) {
      for (const r of races) {
        for (const e of r.entries) {
          if (!champions.has(name(e.participant)) || e.result.state !== 'finished') continue;
          raced += 1;
          if (e.result.classPosition === 1) won += 1;
        }
      }
    }
    expect(raced).toBeGreaterThan(20);
    expect(won / raced).toBeGreaterThan(0.6);
  });

  it('gives no race to an event whose classes have no riders', () => {
    expect(planEventResults({ name: 'Empty', startDate: '2026-05-01', discipline: 'motocross', trackLengthKm: 1.5, classes: ['Nobody'] }, riders, skills)).toEqual([]);
  });
});
