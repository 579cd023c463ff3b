/**
 * The results of a past sample event as plain values (no database; spec §3 Race, Race results
 * columns; issue 9 "a seeded series over … the seeded events"): `planEventResults` turns an
 * event, its classes and the sample riders into races, entries and results that
 * `sample-results.ts` writes. Motocross: two motos per class (`Open Pro – Moto 1`), lap
 * races; enduro: one checkpoint-scored race for every class (points lower is better,
 * emergency points the tie-breaker); quad cross-country and hare scrambles: one lap race per
 * class. Positions come from the ranking rules (`lib/server/ranking`: overall, then within
 * class and class group), so they are consistent by construction.
 *
 * Riders: about 85 % of a class's riders attend an event (the riders the content service
 * names, 95 %), each keeps the race number of their season; the finishing order is drawn
 * from a per-rider skill plus a little luck per race, so the champions (`NOTABLE_RIDERS`
 * with number 1) usually win and the other named riders are usually near the front; a few
 * riders do not finish or do not start. Deterministic: one seeded generator per event (its
 * name and date), so an event's results do not depend on which other events are planned.
 */
import type { RaceConfig, RaceKind, ResultColumn, ResultState } from '../../contracts/results';
import { positionsWithin, rankEnduro, rankSprint, type RankFn, type RankInput } from '../ranking';
import { prng, type Prng } from './prng';
import { NOTABLE_RIDERS, RACE_FORMATS } from './sample-data';
import { sampleClasses, type PlannedParticipant } from './sample-plan';

/** A past event to give results to. */
export interface ResultsEventInput {
  name: string;
  /** YYYY-MM-DD: with the name, the seed of the event's generator. */
  startDate: string;
  discipline: string | null;
  trackLengthKm: number | null;
  /** The classes the event offered, in their order. */
  classes: string[];
  /** Races are heats (`Heat 1`) rather than motos. */
  heats?: boolean;
}

/** A rider that may race: a sample participant (index in `sampleParticipants()`). */
export interface ResultsRider {
  participant: number;
  rider: PlannedParticipant;
}

export interface PlannedResult {
  position: number | null;
  classPosition: number | null;
  groupPosition: number | null;
  laps: number | null;
  totalTimeMs: number | null;
  bestLapMs: number | null;
  bestLapNumber: number | null;
  lastLapMs: number | null;
  /** Gap to the winner on the same lap, ms; null for the winner and lapped riders. */
  gapMs: number | null;
  state: ResultState;
  checkpoints: number | null;
  /** Enduro: points lost at the checks (lower is better). */
  points: number | null;
  emergencyPoints: number | null;
}

export interface PlannedResultEntry {
  participant: number;
  /** The entry's key in its race, as a timing system would give it (race number, enduro row). */
  sourceKey: string;
  raceNumber: string;
  className: string;
  brand: string;
  /** Start: gate pick order (motocross) or start row (enduro); null when none. */
  gridPosition: number | null;
  /** The gate picked (`7`) or the start row and minute (`12A`). */
  gridLabel: string | null;
  result: PlannedResult;
}

export interface PlannedResultRace {
  name: string;
  kind: RaceKind;
  runNumber: number;
  /** Scheduled start, HH:MM. */
  startTime: string;
  config: RaceConfig;
  /** In finishing order. */
  entries: PlannedResultEntry[];
}

const SPRINT_COLUMNS: ResultColumn[] = ['position', 'number', 'name', 'brand', 'laps', 'lastLap', 'bestLap', 'totalTime', 'gap', 'state'];
const ENDURO_COLUMNS: ResultColumn[] = ['position', 'classPosition', 'number', 'name', 'brand', 'class', 'checkpoints', 'points', 'emergencyPoints', 'state'];

/** Checks of a sample enduro (three loops of four). */
export const ENDURO_CHECKS = 12;
const DEFAULT_FORMAT = { minutes: 20, kmh: 40 };
const SKILL_SEED = 19710202;

/** FNV-1a: a 32-bit seed from a text. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

/**
 * Each sample rider's skill (index as in `riders`): the champions (number 1) 1.45–1.55, the other
 * named riders 1.2–1.35, everyone else 0–1. Same riders, same skills.
 */
export function riderSkills(riders: readonly PlannedParticipant[]): number[] {
  const rand = prng(SKILL_SEED);
  const notable = new Map(NOTABLE_RIDERS.map((n) => [`${fullName(n)}|${n.className}`, n]));
  return riders.map((p) => {
    const n = notable.get(`${fullName(p)}|${p.className}`);
    const roll = rand.next();
    if (!n) return roll;
    return n.number === '1' ? 1.45 + roll * 0.1 : 1.2 + roll * 0.15;
  });
}

/** A race's performance: skill plus luck (triangular, ±0.35). */
const form = (rand: Prng, skill: number) => skill + (rand.next() + rand.next() - 1) * 0.35;

function clock(minutes: number): string {
  return `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

interface Starter {
  participant: number;
  rider: PlannedParticipant;
  skill: number;
  group: string | null;
  /** Did not start this race. */
  dns?: boolean;
}

/** Ranks `entries` (keys = sourceKey) overall, within class and within class group with `rule`. */
function rank(entries: PlannedResultEntry[], inputs: RankInput[], rule: RankFn): PlannedResultEntry[] {
  const byKey = new Map(entries.map((e) => [e.sourceKey, e]));
  const overall = rule(inputs);
  for (const r of overall) byKey.get(r.key)!.result.position = r.position;
  for (const r of positionsWithin(inputs, (e) => e.className, rule)) byKey.get(r.key)!.result.classPosition = r.position;
  for (const r of positionsWithin(inputs, (e) => e.classGroup, rule)) byKey.get(r.key)!.result.groupPosition = r.position;
  return overall.map((r) => byKey.get(r.key)!);
}

/**
 * One lap race of one class: the leader runs the class's race length; everyone else finishes
 * the lap they are on when the leader finishes (so slow riders are lapped); 4 % do not finish.
 */
function sprintRace(rand: Prng, starters: Starter[], className: string, trackKm: number, grid: Map<number, { position: number; label: string }>): PlannedResultEntry[] {
  const format = RACE_FORMATS[className] ?? DEFAULT_FORMAT;
  const baseLapMs = (trackKm / format.kmh) * 3_600_000;
  const laps = Math.max(2, Math.round((format.minutes * 60_000) / baseLapMs));
  const perf = starters.map((s) => (s.dns ? -Infinity : form(rand, s.skill)));
  const best = Math.max(...perf);
  const pace = perf.map((p) => baseLapMs * (1 + (best - p) * 0.06));
  const finish = laps * Math.min(...pace);
  const entries = starters.map((s, i): PlannedResultEntry => {
    const g = grid.get(s.participant);
    const base = { participant: s.participant, sourceKey: s.rider.raceNumber, raceNumber: s.rider.raceNumber, className, brand: s.rider.brand, gridPosition: g?.position ?? null, gridLabel: g?.label ?? null };
    const empty = { position: null, classPosition: null, groupPosition: null, gapMs: null, checkpoints: null, points: null, emergencyPoints: null };
    if (s.dns) return { ...base, result: { ...empty, laps: null, totalTimeMs: null, bestLapMs: null, bestLapNumber: null, lastLapMs: null, state: 'DNS' } };
    const dnf = rand.chance(0.04);
    const done = dnf ? rand.int(1, Math.max(1, laps - 2)) : Math.min(laps, Math.floor(finish / pace[i]) + 1);
    return {
      ...base,
      result: {
        ...empty,
        laps: done,
        totalTimeMs: Math.round(done * pace[i] + rand.int(0, 1500)),
        bestLapMs: Math.round(pace[i] * (0.955 + rand.next() * 0.025)),
        bestLapNumber: done < 2 ? 1 : rand.int(2, done),
        lastLapMs: Math.round(pace[i] * (0.99 + rand.next() * 0.04)),
        state: dnf ? 'DNF' : 'finished',
      },
    };
  });
  const inputs = entries.map((e, i) => ({ key: e.sourceKey, state: e.result.state, laps: e.result.laps, totalTimeMs: e.result.totalTimeMs, className, classGroup: starters[i].group }));
  const ranked = rank(entries, inputs, rankSprint);
  const leader = ranked[0].result;
  for (const e of ranked.slice(1)) {
    const r = e.result;
    if (r.state === 'finished' && r.laps === leader.laps && leader.state === 'finished') r.gapMs = r.totalTimeMs! - leader.totalTimeMs!;
  }
  return ranked;
}

/**
 * Gate picks: riders pick in `order` (1 first), each taking one of the three best gates left,
 * mostly the best (as the start grid of the upcoming event).
 */
function gatePicks(rand: Prng, order: number[], gates: number): Map<number, { position: number; label: string }> {
  const free = Array.from({ length: Math.max(gates, order.length) }, (_, i) => i + 1);
  return new Map(
    order.map((participant, i) => {
      const roll = rand.next();
      const [gate] = free.splice(Math.min(free.length - 1, roll < 0.6 ? 0 : roll < 0.85 ? 1 : 2), 1);
      return [participant, { position: i + 1, label: String(gate) }];
    }),
  );
}

/** Points lost at the checks by level: AA riders lose fewest. */
function enduroBase(className: string): number {
  if (className === 'AA') return 20;
  if (className.startsWith('A ')) return 30;
  if (className.startsWith('B ')) return 42;
  if (className.startsWith('C ')) return 55;
  return 48;
}

/** One enduro for every class: start rows of four (`12A`), 12 checks, 5 % DNF, 2 % DNS. */
function enduroRace(rand: Prng, starters: Starter[], classOrder: string[]): PlannedResultEntry[] {
  const ordered = classOrder.flatMap((c) => rand.shuffle(starters.filter((s) => s.rider.className === c)));
  const entries = ordered.map((s, i): PlannedResultEntry => {
    const row = Math.floor(i / 4) + 1;
    const label = `${row}${'ABCD'[i % 4]}`;
    const base = { participant: s.participant, sourceKey: label, raceNumber: s.rider.raceNumber, className: s.rider.className, brand: s.rider.brand, gridPosition: row, gridLabel: label };
    const none = { position: null, classPosition: null, groupPosition: null, laps: null, totalTimeMs: null, bestLapMs: null, bestLapNumber: null, lastLapMs: null, gapMs: null };
    if (rand.chance(0.02)) return { ...base, result: { ...none, state: 'DNS', checkpoints: 0, points: null, emergencyPoints: null } };
    const points = Math.max(0, Math.round(enduroBase(s.rider.className) + (1.6 - form(rand, s.skill)) * 12 + rand.int(0, 4)));
    const emergencyPoints = rand.int(3, 60);
    if (rand.chance(0.05)) {
      const checkpoints = rand.int(3, ENDURO_CHECKS - 2);
      return { ...base, result: { ...none, state: 'DNF', checkpoints, points: Math.round((points * checkpoints) / ENDURO_CHECKS), emergencyPoints } };
    }
    return { ...base, result: { ...none, state: 'finished', checkpoints: ENDURO_CHECKS, points, emergencyPoints } };
  });
  const group = new Map(starters.map((s) => [s.participant, s.group]));
  const inputs = entries.map((e) => ({
    key: e.sourceKey,
    state: e.result.state,
    checkpoints: e.result.checkpoints,
    points: e.result.points,
    emergencyPoints: e.result.emergencyPoints,
    className: e.className,
    classGroup: group.get(e.participant) ?? null,
  }));
  return rank(entries, inputs, rankEnduro);
}

function sprintConfig(classes: string[]): RaceConfig {
  return { classes, clases_team: [], columns: SPRINT_COLUMNS, team_columns: [], sections: [] };
}

/**
 * The races of a past event with their results. `riders`: every sample rider that may race
 * (the event's classes pick theirs); `skills` from `riderSkills` (same indexes as
 * `sampleParticipants()`). An event without riders in its classes gets no race.
 */
export function planEventResults(event: ResultsEventInput, riders: readonly ResultsRider[], skills: readonly number[]): PlannedResultRace[] {
  const rand = prng(hash(`${event.name}|${event.startDate}`));
  const groups = sampleClasses();
  const offered = new Set(event.classes);
  const attending: Starter[] = riders
    .filter(({ rider }) => offered.has(rider.className))
    .filter(({ participant }) => rand.chance(skills[participant] >= 1.2 ? 0.95 : 0.85))
    .map(({ participant, rider }) => ({ participant, rider, skill: skills[participant], group: groups.get(rider.className)?.group.name ?? null }));
  const ofClass = (c: string) => attending.filter((s) => s.rider.className === c);
  const races: PlannedResultRace[] = [];
  const push = (race: Omit<PlannedResultRace, 'runNumber'>) => races.push({ ...race, runNumber: races.length + 1 });

  if (event.discipline === 'enduro') {
    if (attending.length) {
      const classes = event.classes.filter((c) => ofClass(c).length);
      push({
        name: 'Enduro – All classes',
        kind: 'enduro',
        startTime: '09:00',
        config: { classes, clases_team: [], columns: ENDURO_COLUMNS, team_columns: [], sections: [] },
        entries: enduroRace(rand, attending, classes),
      });
    }
    return races;
  }

  const trackKm = event.trackLengthKm ?? 2;
  if (event.discipline === 'motocross') {
    // Every class's moto 1, then every class's moto 2; moto 2's gate picks go by moto 1's result.
    const classes = event.classes.filter((c) => ofClass(c).length);
    const firsts = new Map<string, PlannedResultEntry[]>();
    for (const moto of [1, 2]) {
      for (const c of classes) {
        const starters = ofClass(c).map((s) => ({ ...s }));
        let order: number[];
        if (moto === 1) order = rand.shuffle(starters.map((s) => s.participant));
        else {
          const first = firsts.get(c)!;
          order = first.map((e) => e.participant);
          // A rider who did not finish moto 1 sometimes does not start moto 2.
          for (const s of starters) {
            const r = first.find((e) => e.participant === s.participant)!.result;
            s.dns = (r.state === 'DNF' && rand.chance(0.4)) || r.state === 'DNS' || rand.chance(0.01);
          }
        }
        const entries = sprintRace(rand, starters, c, trackKm, gatePicks(rand, order, 30));
        if (moto === 1) firsts.set(c, entries);
        push({ name: `${c} – ${event.heats ? 'Heat' : 'Moto'} ${moto}`, kind: 'sprint', startTime: clock(9 * 60 + races.length * 25), config: sprintConfig([c]), entries });
      }
    }
    return races;
  }

  // Quad cross-country, hare scramble: one race per class, youth in the morning.
  const label = event.discipline === 'quad' ? 'Cross-country' : event.discipline === 'hare-scramble' ? 'Hare scramble' : 'Race';
  for (const c of event.classes) {
    const starters = ofClass(c);
    if (!starters.length) continue;
    const format = RACE_FORMATS[c] ?? DEFAULT_FORMAT;
    push({
      name: `${c} – ${label}`,
      kind: 'sprint',
      startTime: format.minutes <= 60 ? '10:00' : '13:00',
      config: sprintConfig([c]),
      entries: sprintRace(rand, starters, c, trackKm, new Map()),
    });
  }
  return races;
}
