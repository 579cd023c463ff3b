/**
 * The sample data for a given date, as plain values (no database): `buildSamplePlan(today)`
 * turns the tables of `sample-data.ts` into the riders, events, registrations, start grid,
 * memberships and series that `sample.ts` writes. Seasons are relative to `today`: the
 * previous, current and next year, so a database seeded in a later year is just as sensible.
 * Deterministic: one seeded generator (`prng.ts`), consumed in a fixed order, so the same
 * date always gives the same plan.
 */
import type { EventDiscipline, RegistrationState } from '../../contracts/events';
import type { SeriesRulesInput } from '../../contracts/series';
import type { SpectatorSettings } from '../../contracts/spectator-settings';
import type { Translations } from '../../contracts/translations';
import { addDays, minDate, nthWeekday } from './dates';
import { prng, type Prng } from './prng';
import {
  BRANDS,
  CLASS_GROUPS,
  CLUBS,
  EVENTS,
  FIRST_NAMES,
  LAST_NAMES,
  MEMBER_PREFIX,
  MEMBERSHIP_TYPES,
  NOTABLE_RIDERS,
  SERIES,
  TOWNS,
  type ClassGroupSeed,
  type ClassSeed,
  type EventSeed,
  type OrgKey,
  type SeriesSeed,
  type VenueSeed,
} from './sample-data';

/** The generator's seed: change it and every count in the tests changes. */
const SEED = 19710101;

export interface PlannedParticipant {
  firstName: string;
  lastName: string;
  city: string;
  state: string;
  country: string;
  org: OrgKey;
  /** The class the rider races in. */
  className: string;
  raceNumber: string;
  brand: string;
  /** The club the rider is a member of (promoter user id), when any. */
  clubUserId: number | null;
}

/**
 * What the sample's upcoming public events charge spectators (issue 28: "No event offers tickets"):
 * $20 from 13 years old, $10 from 6, free below 6; 1,500 a day; paid online or at the gate; no
 * selfie. A promoter changes it in the desk.
 */
export const SAMPLE_TICKETS: SpectatorSettings = {
  enabled: true,
  bands: [
    { minAge: 6, priceCents: 1000 },
    { minAge: 13, priceCents: 2000 },
  ],
  freeUnderAge: 6,
  dailyCapacity: 1500,
  selfie: false,
  payAtGate: true,
};

export interface PlannedEventClass {
  className: string;
  feeCents: number;
  capacity: number | null;
  sortOrder: number;
}

export interface PlannedRegistration {
  /** Index in `SamplePlan.participants`. */
  participant: number;
  className: string;
  state: RegistrationState;
  /** Day the rider registered (YYYY-MM-DD). */
  createdOn: string;
}

export interface PlannedGridEntry {
  participant: number;
  /** Pick order: 1 picked first. */
  gridPosition: number;
  /** The gate picked (`7`): the start grid shows it under "Gate". */
  gridLabel: string;
}

export interface PlannedRace {
  name: string;
  className: string;
  runNumber: number;
  /** Scheduled start, HH:MM. */
  startTime: string;
  entries: PlannedGridEntry[];
}

export interface PlannedEvent {
  key: string;
  season: number;
  clubUserId: number;
  org: OrgKey;
  name: string;
  discipline: EventDiscipline;
  startDate: string;
  endDate: string | null;
  venue: VenueSeed;
  description: string;
  /** The description in French and Spanish (issue 25). */
  descriptions: Translations;
  trackLengthKm: number | null;
  isPublic: boolean;
  isComplete: boolean;
  registrationOpen: boolean;
  registrationClosesOn: string | null;
  /** Spectator tickets (issue 28): upcoming public events sell them (`SAMPLE_TICKETS`), others not (null). */
  spectatorSettings: SpectatorSettings | null;
  classes: PlannedEventClass[];
  registrations: PlannedRegistration[];
  /** Races with their start grid (the one upcoming event that has them). */
  races: PlannedRace[];
}

export interface PlannedMembership {
  participant: number;
  org: OrgKey;
  typeKey: string;
  number: string;
  clubUserId: number | null;
  validFrom: string;
  validUntil: string;
}

export interface PlannedSeries {
  name: string;
  clubUserId: number;
  startDate: string;
  endDate: string;
  /** The rules as stored in `series.rules` (lib/contracts/series.ts `seriesRules`). */
  rules: SeriesRulesInput;
  isPublic: boolean;
  /** Indexes in `SamplePlan.events`. */
  events: number[];
}

export interface SamplePlan {
  today: string;
  seasons: { previous: number; current: number; next: number };
  participants: PlannedParticipant[];
  events: PlannedEvent[];
  memberships: PlannedMembership[];
  series: PlannedSeries[];
  /** Index in `events` of the upcoming event with races and a start grid. */
  gridEvent: number;
}

interface ClassInfo {
  group: ClassGroupSeed;
  cls: ClassSeed;
}

/** Every sample class by name, with its group. */
export function sampleClasses(): Map<string, ClassInfo> {
  return new Map(CLASS_GROUPS.flatMap((group) => group.classes.map((cls) => [cls.name, { group, cls }] as const)));
}

/** A youth class: every rider is under 18 on January 1. */
const isYouth = (cls: ClassSeed) => cls.maxAge !== null && cls.maxAge <= 17;

function brandFor(rand: Prng, group: ClassGroupSeed, cls: ClassSeed): string {
  if (group.discipline === 'quad') return rand.pick(isYouth(cls) ? BRANDS.youthQuad : BRANDS.quad);
  if (group.discipline === 'motocross' && cls.maxAge !== null && cls.maxAge <= 15) return rand.pick(BRANDS.youth);
  return rand.pick(BRANDS[group.discipline]);
}

/** Home region by discipline: where the clubs that run it are. */
function regionFor(rand: Prng, discipline: ClassGroupSeed['discipline']): keyof typeof TOWNS {
  switch (discipline) {
    case 'motocross':
      return rand.chance(0.65) ? 'QC' : 'ON';
    case 'enduro':
      return rand.chance(0.6) ? 'QC' : 'ON';
    case 'quad':
      return rand.chance(0.9) ? 'QC' : 'ON';
    case 'hare-scramble':
      return 'NORTH';
  }
}

const VALLEY_RIDGE_TOWNS = new Set(['Arnprior', 'Kanata', 'Ottawa', 'Orléans', 'Almonte', 'Carleton Place', 'Kemptville', 'Smiths Falls', 'Perth', 'Cornwall', 'Hawkesbury']);

/** The club a rider from `city` racing `discipline` belongs to (before the 1-in-4 without a club). */
function homeClub(discipline: ClassGroupSeed['discipline'], state: string, city: string): number {
  const clubs = Object.fromEntries(CLUBS.map((c) => [c.name, c.userId]));
  switch (discipline) {
    case 'motocross':
      if (state === 'QC') return clubs['Club de motocross des Pins'];
      return VALLEY_RIDGE_TOWNS.has(city) ? clubs['Valley Ridge Motocross Club'] : clubs['Ottawa Valley Dirt Riders'];
    case 'enduro':
      return state === 'QC' ? clubs['Club Enduro Laurentides'] : clubs['Ottawa Valley Dirt Riders'];
    case 'quad':
      return clubs['Club Quad Lanaudière'];
    case 'hare-scramble':
      return ['Sudbury', 'Espanola', 'Capreol'].includes(city) ? clubs['Sudbury Dirt Bike Club'] : clubs['Nipissing Trail Riders'];
  }
}

/** A sample series' rules as stored (`series.rules`): its seed's rules with its classes or class group. */
export function seriesRulesOf(s: SeriesSeed): SeriesRulesInput {
  const scope =
    s.classesBy === 'group' ? { classGroups: [s.classGroup] } : { classes: CLASS_GROUPS.find((g) => g.name === s.classGroup)!.classes.map((c) => c.name) };
  return { ...scope, ...s.rules };
}

/**
 * The sample riders alone, as `buildSamplePlan(today).participants` gives them for any date:
 * they are drawn first, so they never depend on the date (the results of the past rounds
 * find each rider's class, number and brand here).
 */
export function sampleParticipants(): PlannedParticipant[] {
  return buildParticipants(prng(SEED));
}

function buildParticipants(rand: Prng): PlannedParticipant[] {
  const out: PlannedParticipant[] = [];
  const names = new Set<string>();
  const numbers: Record<OrgKey, number[]> = {
    federation: rand.shuffle(Array.from({ length: 898 }, (_, i) => i + 2)),
    second: rand.shuffle(Array.from({ length: 298 }, (_, i) => i + 2)),
  };
  for (const group of CLASS_GROUPS) {
    for (const cls of group.classes) {
      const notables = NOTABLE_RIDERS.filter((r) => r.className === cls.name);
      for (const n of notables) {
        names.add(`${n.firstName} ${n.lastName}`);
        const club = homeClub(group.discipline, n.state, n.city);
        out.push({
          firstName: n.firstName,
          lastName: n.lastName,
          city: n.city,
          state: n.state,
          country: 'CA',
          org: group.org,
          className: cls.name,
          raceNumber: n.number ?? String(numbers[group.org].shift()),
          brand: brandFor(rand, group, cls),
          clubUserId: club,
        });
      }
      for (let i = notables.length; i < cls.riders; i++) {
        const region = regionFor(rand, group.discipline);
        const french = region === 'QC' ? rand.chance(0.9) : rand.chance(region === 'ON' ? 0.25 : 0.35);
        const woman = cls.women || rand.chance(isYouth(cls) ? 0.2 : 0.06);
        const firstNames = FIRST_NAMES[french ? 'fr' : 'en'][woman ? 'women' : 'men'];
        let firstName: string;
        let lastName: string;
        do {
          firstName = rand.pick(firstNames);
          lastName = rand.pick(LAST_NAMES[french ? 'fr' : 'en']);
        } while (names.has(`${firstName} ${lastName}`));
        names.add(`${firstName} ${lastName}`);
        const city = rand.pick(TOWNS[region]);
        const state = region === 'QC' ? 'QC' : 'ON';
        const club = rand.chance(0.75) ? homeClub(group.discipline, state, city) : null;
        out.push({
          firstName,
          lastName,
          city,
          state,
          country: 'CA',
          org: group.org,
          className: cls.name,
          raceNumber: String(numbers[group.org].shift()),
          brand: brandFor(rand, group, cls),
          clubUserId: club,
        });
      }
    }
  }
  return out;
}

function expandOffers(event: EventSeed, classes: Map<string, ClassInfo>): PlannedEventClass[] {
  const out: PlannedEventClass[] = [];
  for (const offer of event.offers) {
    const o: { name: string; feeCents?: number; capacity?: number } = typeof offer === 'string' ? { name: offer } : offer;
    const group = CLASS_GROUPS.find((g) => g.name === o.name);
    for (const cls of group ? group.classes : [classes.get(o.name)!.cls]) {
      out.push({ className: cls.name, feeCents: o.feeCents ?? cls.feeCents, capacity: o.capacity ?? cls.capacity ?? null, sortOrder: out.length + 1 });
    }
  }
  return out;
}

/** 10–40 registrations from the riders of the offered classes, within each class's capacity, a few cancelled. */
function buildRegistrations(rand: Prng, event: PlannedEvent, participants: PlannedParticipant[], today: string): PlannedRegistration[] {
  const offered = new Map(event.classes.map((c) => [c.className, c]));
  const candidates = participants.map((p, i) => ({ p, i })).filter(({ p }) => p.org === event.org && offered.has(p.className));
  const wanted = rand.int(10, 40);
  const taken = new Map<string, number>();
  const lastDay = minDate(today, event.registrationClosesOn ?? addDays(event.startDate, -1));
  const out: PlannedRegistration[] = [];
  for (const { p, i } of rand.shuffle(candidates)) {
    if (out.length >= wanted) break;
    const capacity = offered.get(p.className)!.capacity;
    const cancelled = rand.chance(0.08);
    if (!cancelled && capacity !== null && (taken.get(p.className) ?? 0) >= capacity) continue;
    if (!cancelled) taken.set(p.className, (taken.get(p.className) ?? 0) + 1);
    out.push({ participant: i, className: p.className, state: cancelled ? 'cancelled' : 'registered', createdOn: addDays(lastDay, -rand.int(0, 45)) });
  }
  return out;
}

/**
 * Gate picks for one race: the pick order is drawn; each rider in turn takes one of the three
 * best gates left (the inside gates first), mostly the best.
 */
function buildGrid(rand: Prng, registrations: PlannedRegistration[], gates: number): PlannedGridEntry[] {
  const order = rand.shuffle(registrations);
  const free = Array.from({ length: Math.max(gates, order.length) }, (_, i) => i + 1);
  return order.map((r, i) => {
    const roll = rand.next();
    const choice = Math.min(free.length - 1, roll < 0.6 ? 0 : roll < 0.85 ? 1 : 2);
    const [gate] = free.splice(choice, 1);
    return { participant: r.participant, gridPosition: i + 1, gridLabel: String(gate) };
  });
}

function clock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * The sample data for `today` (YYYY-MM-DD, the federation's date): riders, the events of the
 * previous, current and next seasons with their classes and registrations, the start grid of
 * the first upcoming event that has one (the December ice race, else the next season's
 * opener), memberships of the current season and the series.
 */
/**
 * The season whose past sample events get results and whose championships are seeded as the
 * current ones: `today`'s year once the last round of its championships is over, else the
 * year before. The seeded championships are thus always a whole season with every round held
 * (drops, a rider's season and the tests mean the same on any date), and an install made in
 * January still shows standings.
 */
export function resultsSeason(today: string): number {
  const year = Number(today.slice(0, 4));
  const rounds = new Set(SERIES.filter((s) => s.season === 'current').flatMap((s) => s.eventKeys));
  const lastRoundEnds = EVENTS.filter((e) => rounds.has(e.key))
    .map((e) => {
      const start = nthWeekday(year, e.date.month, e.date.weekday, e.date.n);
      return e.days === 2 ? addDays(start, 1) : start;
    })
    .sort()
    .at(-1)!;
  return lastRoundEnds < today ? year : year - 1;
}

export function buildSamplePlan(today: string): SamplePlan {
  const rand = prng(SEED);
  const current = Number(today.slice(0, 4));
  const seasons = { previous: current - 1, current, next: current + 1 };
  const classes = sampleClasses();
  const participants = buildParticipants(rand);
  const clubOrg = new Map(CLUBS.map((c) => [c.userId, c.org]));

  const events: PlannedEvent[] = [];
  for (const season of [seasons.previous, seasons.current, seasons.next]) {
    for (const seed of EVENTS) {
      if (seed.currentSeasonOnly && season !== current) continue;
      const startDate = nthWeekday(season, seed.date.month, seed.date.weekday, seed.date.n);
      const endDate = seed.days === 2 ? addDays(startDate, 1) : null;
      const upcoming = startDate >= today;
      const registration = upcoming ? (season === seasons.next ? (seed.nextSeasonRegistration ?? seed.upcomingRegistration) : seed.upcomingRegistration) : undefined;
      const closesOn = !registration
        ? null
        : registration.alreadyClosed
          ? addDays(today, -1)
          : registration.closesDaysBefore === null
            ? null
            : addDays(startDate, -registration.closesDaysBefore);
      events.push({
        key: seed.key,
        season,
        clubUserId: seed.clubUserId,
        org: clubOrg.get(seed.clubUserId)!,
        name: seed.name,
        discipline: seed.discipline,
        startDate,
        endDate,
        venue: seed.venue,
        description: seed.description,
        descriptions: seed.descriptions,
        trackLengthKm: seed.trackLengthKm ?? null,
        isPublic: seed.isPublic ?? true,
        isComplete: (endDate ?? startDate) < today,
        registrationOpen: !!registration,
        registrationClosesOn: closesOn,
        spectatorSettings: upcoming && (seed.isPublic ?? true) ? SAMPLE_TICKETS : null,
        classes: expandOffers(seed, classes),
        registrations: [],
        races: [],
      });
    }
  }
  events.sort((a, b) => a.startDate.localeCompare(b.startDate) || a.name.localeCompare(b.name));
  for (const event of events) if (event.registrationOpen) event.registrations = buildRegistrations(rand, event, participants, today);

  // The start grid: the ice race while it is upcoming, else the next season's opener.
  const ice = events.findIndex((e) => e.key === 'ice-race' && e.registrationOpen && e.registrations.length > 0);
  const gridEvent = ice >= 0 ? ice : events.findIndex((e) => e.season === seasons.next && e.registrations.length > 0);
  const gridSeed = EVENTS.find((e) => e.key === events[gridEvent].key)!;
  for (const offer of events[gridEvent].classes) {
    const riders = events[gridEvent].registrations.filter((r) => r.className === offer.className && r.state === 'registered');
    if (!riders.length) continue;
    const races = events[gridEvent].races;
    races.push({
      name: `${offer.className} – ${gridSeed.heats ? 'Heat 1' : 'Moto 1'}`,
      className: offer.className,
      runNumber: races.length + 1,
      startTime: clock(10 * 60 + races.length * 20),
      entries: buildGrid(rand, riders, gridSeed.gates ?? 30),
    });
  }

  // Memberships of the current season: every rider holds one; a few hold a one-event licence.
  const firstDay = `${current}-01-01`;
  const memberships: PlannedMembership[] = [];
  const serial: Record<OrgKey, number> = { federation: 0, second: 0 };
  participants.forEach((p, i) => {
    const { cls } = classes.get(p.className)!;
    const youth = isYouth(cls);
    const oneEvent = !youth && rand.chance(0.05);
    const eventDay = events.find((e) => e.season === current && e.org === p.org && e.isPublic && e.classes.some((c) => c.className === p.className))?.startDate ?? firstDay;
    const typeKey = p.org === 'federation' ? (oneEvent ? 'one-event' : youth ? 'youth' : 'adult') : oneEvent ? 'second-day' : cls.maxAge !== null && cls.maxAge <= 15 ? 'second-junior' : 'second-annual';
    serial[p.org] += 1;
    const validFrom = oneEvent ? eventDay : minDate(today, addDays(`${current}-02-02`, rand.int(0, 120)));
    memberships.push({
      participant: i,
      org: p.org,
      typeKey,
      number: `${MEMBER_PREFIX[p.org]}-${current}-${String(serial[p.org]).padStart(p.org === 'federation' ? 4 : 3, '0')}`,
      clubUserId: p.clubUserId,
      validFrom: validFrom < firstDay ? firstDay : validFrom,
      validUntil: oneEvent ? eventDay : `${current}-12-31`,
    });
  });

  const series: PlannedSeries[] = SERIES.map((s) => {
    const year = s.season === 'current' ? resultsSeason(today) : seasons.next;
    const members = events.map((e, i) => ({ e, i })).filter(({ e }) => e.season === year && s.eventKeys.includes(e.key));
    return {
      name: s.name(year),
      clubUserId: s.clubUserId,
      startDate: members[0].e.startDate,
      endDate: members.map(({ e }) => e.endDate ?? e.startDate).sort().at(-1)!,
      rules: seriesRulesOf(s),
      isPublic: s.isPublic,
      events: members.map(({ i }) => i),
    };
  });

  return { today, seasons, participants, events, memberships, series, gridEvent };
}

/** Membership types as seeded, by key (for the writer). */
export const membershipTypeByKey = new Map(MEMBERSHIP_TYPES.map((t) => [t.key, t]));
