/**
 * Event contracts (spec §3 Event, Registration; §4 Registration status): the lists the schema,
 * the API and the pages share, and the pure rule that says whether an event's registration is
 * open, closed or done. Plain zod; imports nothing from the server.
 */
import { z } from 'zod';
import { idField } from './ids';
import { raceKind } from './results';
import { inLocale, type Translations } from './translations';

/**
 * A registration's own state (spec §4: a registration can end as complete or canceled; issue 27:
 * a full class takes a waiting list): registered (a place in the class), waiting (on the class's
 * waiting list), cancelled.
 */
export const REGISTRATION_STATES = ['registered', 'waiting', 'cancelled'] as const;
export type RegistrationState = (typeof REGISTRATION_STATES)[number];

/** An event's registration status as shown (spec §4 "Registration status is shown as open, closed or done"). */
export const REGISTRATION_STATUSES = ['open', 'closed', 'done'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** The kinds of racing an event may hold (events.discipline). */
export const EVENT_DISCIPLINES = ['motocross', 'enduro', 'quad', 'supercross', 'hare-scramble', 'road'] as const;
export type EventDiscipline = (typeof EVENT_DISCIPLINES)[number];

export interface RegistrationStatusInput {
  /** Online registration enabled for the event (events.registration_open). */
  registrationOpen: boolean;
  /** YYYY-MM-DD, inclusive; null: until the day before the start. */
  registrationClosesOn: string | null;
  /** First day of online registration (YYYY-MM-DD, inclusive); null or absent: as soon as it is allowed. */
  registrationOpensOn?: string | null;
  /** YYYY-MM-DD */
  startDate: string;
  /** YYYY-MM-DD; null: a one-day event. */
  endDate: string | null;
  /** The event has been run and its results are final. */
  isComplete: boolean;
}

/**
 * Spec §4 Registration status, on `today` (YYYY-MM-DD, the federation's local date):
 * - `done` when the event is complete or its last day has passed;
 * - `open` when online registration is enabled and today is between its opening day (when one is
 *   set) and its closing day (default: the day before the start), both inclusive;
 * - `closed` otherwise.
 */
export function registrationStatus(event: RegistrationStatusInput, today: string): RegistrationStatus {
  const lastDay = event.endDate ?? event.startDate;
  if (event.isComplete || lastDay < today) return 'done';
  if (!event.registrationOpen) return 'closed';
  if (event.registrationOpensOn && today < event.registrationOpensOn) return 'closed';
  return today <= registrationLastDay(event) ? 'open' : 'closed';
}

/**
 * The last day of online registration (YYYY-MM-DD, inclusive): `registrationClosesOn`, else the
 * day before the start (the rule `registrationStatus` applies).
 */
export function registrationLastDay(event: Pick<RegistrationStatusInput, 'registrationClosesOn' | 'startDate'>): string {
  return event.registrationClosesOn ?? dayBefore(event.startDate);
}

function dayBefore(iso: string): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** POST registration/getRegistrationCount, getRegistrants, loadClasses, loadRows (spec §7): `{ eventId }`. */
export const registrationRequest = z.object({ eventId: idField('event') });
export type RegistrationRequest = z.infer<typeof registrationRequest>;

/** POST promoter/event/accordionClasses, getParticipantsDT (spec §7): `{ configId, raceId }`. */
export const raceClassesRequest = z.object({ configId: idField('config').optional(), raceId: idField('race') });
export type RaceClassesRequest = z.infer<typeof raceClassesRequest>;

/**
 * The site path of a race's results for one class (spec §7 promoter/race/classLink): the
 * /scores page opens in its class view, and its `class` query picks the class
 * (`/scores/12?class=A+VET+30%2B`). Without a language prefix: the site adds it.
 */
export function classResultsPath(raceId: number, className: string): string {
  return `/scores/${raceId}?${new URLSearchParams({ class: className }).toString()}`;
}

// ---- Reply shapes of the event-page calls (spec §7; lib/server/api/routes/event-pages.ts) ----

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).describe('YYYY-MM-DD');
const raceKindField = raceKind.describe('sprint: lap race; enduro: checkpoint scoring');

/** One class of a race with its entry count (POST promoter/event/accordionClasses). */
export const raceClassCount = z.object({
  /** null: the entries the timing system gave without a class. */
  classId: z.number().int().nullable(),
  name: z.string().nullable(),
  /** The class's group (class group), when it belongs to one. */
  group: z.string().nullable(),
  entryCount: z.number().int(),
  /** The class's results (`classResultsPath`); null for entries without a class. */
  resultsPath: z.string().nullable(),
});
export type RaceClassCount = z.infer<typeof raceClassCount>;

/** A public race of an event with its classes (GET promoter/event/{id}/accordionRaces), in running order. */
export const accordionRace = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: raceKindField,
  runNumber: z.number().int().nullable(),
  startTime: z.string().nullable(),
  entryCount: z.number().int(),
  /** Rows of results stored for the race (0: not run or not imported yet). */
  resultCount: z.number().int(),
  classes: z.array(raceClassCount),
});
export type AccordionRace = z.infer<typeof accordionRace>;

/** One rider on a race's start grid (spec §7 racesStartGrid). */
export const startGridRow = z.object({
  entryId: z.number().int(),
  /** Grid slot or start row, 1 = front; null when only a label was given. */
  position: z.number().int().nullable(),
  /** The start row or gate as written (`23A`, `Gate 5`); null when only a position was given. */
  label: z.string().nullable(),
  number: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  className: z.string().nullable(),
});
export type StartGridRow = z.infer<typeof startGridRow>;

/** A public race with its start grid, in grid order (empty `rows`: no grid published). */
export const startGridRace = z.object({
  raceId: z.number().int(),
  name: z.string(),
  kind: raceKindField,
  runNumber: z.number().int().nullable(),
  rows: z.array(startGridRow),
});
export type StartGridRace = z.infer<typeof startGridRace>;

/** A public series (championship) an event counts for (GET promoter/event/{id}/series, getRaceSeries/{id}). */
export const eventSeries = z.object({
  id: z.number().int(),
  name: z.string(),
  startDate: isoDate,
  endDate: isoDate,
  seriesType: z.enum(['final', 'overall']),
  /** Public events of the series (its rounds). */
  roundCount: z.number().int(),
  /** This event's round (1-based, by date) among them. */
  round: z.number().int(),
});
export type EventSeries = z.infer<typeof eventSeries>;

/** One entry of a race as a data-table row (POST promoter/event/getParticipantsDT). */
export const participantRow = z.object({
  entryId: z.number().int(),
  number: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  className: z.string().nullable(),
  classGroup: z.string().nullable(),
  brand: z.string().nullable(),
  team: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  gridPosition: z.number().int().nullable(),
  gridLabel: z.string().nullable(),
});
export type ParticipantRow = z.infer<typeof participantRow>;

/** The links to a race's results (GET promoter/race/classLink/{id}): the race, and each class. */
export const raceClassLinks = z.object({
  raceId: z.number().int(),
  /** The race's full results: `/races/{id}`. */
  racePath: z.string(),
  classes: z.array(z.object({ name: z.string(), entryCount: z.number().int(), path: z.string() })),
});
export type RaceClassLinks = z.infer<typeof raceClassLinks>;

/** Registrations of one class of an event (POST registration/getRegistrationCount). */
export const classRegistrationCount = z.object({
  classId: z.number().int(),
  name: z.string(),
  /** Riders registered (not cancelled). */
  registered: z.number().int(),
  /** Riders on the class's waiting list (issue 27). */
  waiting: z.number().int(),
  cancelled: z.number().int(),
  /** Most riders the class takes; null = no limit. */
  capacity: z.number().int().nullable(),
  /** capacity − registered, never below 0; null = no limit. */
  spotsLeft: z.number().int().nullable(),
});
export type ClassRegistrationCount = z.infer<typeof classRegistrationCount>;

/** An event's registration counts: totals and per class (cancelled counted apart). */
export const registrationCount = z.object({
  eventId: z.number().int(),
  registered: z.number().int(),
  waiting: z.number().int(),
  cancelled: z.number().int(),
  classes: z.array(classRegistrationCount),
});
export type RegistrationCount = z.infer<typeof registrationCount>;

/**
 * A rider registered for an event (POST registration/getRegistrants): public fields only; a
 * registrant's email, birthday and phone are never part of it.
 */
export const registrant = z.object({
  number: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  className: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
});
export type Registrant = z.infer<typeof registrant>;

/** A class an event offers for registration (POST registration/loadClasses). */
export const eventClassOffer = z.object({
  classId: z.number().int(),
  name: z.string(),
  group: z.string().nullable(),
  description: z.string().nullable(),
  /** The description in French and Spanish where given (issue 25; `inLocale` picks one). */
  descriptions: z.object({ fr: z.string().optional(), es: z.string().optional() }).optional(),
  /** Entry fee in cents (CAD). */
  feeCents: z.number().int(),
  /** The fee until the event's early deadline, and from its late date, in cents; null: the regular fee (issue 27). */
  earlyFeeCents: z.number().int().nullable(),
  lateFeeCents: z.number().int().nullable(),
  /** Age limits in years on race day, inclusive; null = none. */
  minAge: z.number().int().nullable(),
  maxAge: z.number().int().nullable(),
  capacity: z.number().int().nullable(),
  registered: z.number().int(),
  /** Riders on the class's waiting list (issue 27). */
  waiting: z.number().int(),
  spotsLeft: z.number().int().nullable(),
});
export type EventClassOffer = z.infer<typeof eventClassOffer>;

/** One registration as a table row (POST registration/loadRows), cancelled ones included. */
export const registrationRow = z.object({
  id: z.number().int(),
  number: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  className: z.string(),
  brand: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  status: z.enum(REGISTRATION_STATES),
  /** The day the rider registered (YYYY-MM-DD). */
  registeredOn: isoDate,
});
export type RegistrationRow = z.infer<typeof registrationRow>;

/** An event's description in the site's other languages (events.descriptions; issue 24): French and Spanish, each optional. */
export type EventDescriptions = Translations;

/** The description of an event to show in `locale`: its own in that language, else the one its promoter wrote (`inLocale`). */
export function describeEvent(event: { description: string | null; descriptions: EventDescriptions }, locale: string): string | null {
  return inLocale(event.description, event.descriptions, locale);
}
