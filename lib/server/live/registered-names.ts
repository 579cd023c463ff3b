/**
 * Registered riders' names for the cars a timing system does not name (issue 27 "Sign-on": "the
 * live feed shows registered riders' names for their transponders"). A club's timing software
 * often knows a car only by its transponder (and maybe its number): the RMonitor decoder then
 * gives an empty name (`$A` / `$COMP` without one, or no `$A` at all: lib/server/timing/rmonitor),
 * or the timing software repeats the number in the name field. The live readers
 * (./get-live-board.ts, ./list-live-sessions.ts) show such a car under the name of the event's
 * registration that carries its transponder, else its race number. The one rule, in one place:
 *
 * - A name the timing software sent always wins. A name is "not sent" when it is blank, or is the
 *   car's number or transponder again (`#12`, `12`, spaces and case ignored): `isUnnamed`.
 * - Only registrations of the event the live race belongs to, and only live ones (state
 *   `registered` or `waiting`, never `cancelled`).
 * - First the registrations whose transponder is the car's; failing that, those whose race number
 *   is the car's number. Transponders and numbers compare without spaces, a leading `#`, or case.
 *   Several registrations of one rider (two classes, one transponder) are one rider; several
 *   riders are narrowed to the car's class, then (for a transponder) to the car's number; still
 *   several riders: no name from this step.
 * - The name is the rider's public racer record (`participants`: first + last name), as results
 *   pages show every rider, minors included (a minor's page hides only their hometown,
 *   lib/server/riders/get-rider-profile.ts).
 *
 * One query per read (`registeredRiders`, only when a car is unnamed), filtered to the
 * transponders and numbers asked; the read names `event:{id}` of each event it looked at, which a
 * registration, a cancellation and a transponder given at sign-on revalidate.
 */
import 'server-only';
import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { tagRead, tags } from '../cache/tags';
import { getDb } from '../db';
import { participants, registrations } from '../db/schema';

/** A car on a live board, as the readers have it. */
export interface LiveCompetitor {
  /** The event of the car's race. */
  eventId: number;
  /** The name the timing software sent (first + last, trimmed; '' when none). */
  name: string;
  /** The car's race number as the feed wrote it (`entries.race_number`). */
  number: string;
  /** The car's transponder as the feed wrote it (`entries.transponder`), null when not sent. */
  transponder: string | null;
  /** The car's class (`entries.class_id`), null when the feed named none. */
  classId: number | null;
}

/** A live registration of an event, as the rule reads it. */
export interface RegisteredRider {
  eventId: number;
  participantId: number;
  classId: number;
  transponder: string | null;
  raceNumber: string | null;
  /** First + last name of the rider's public record, trimmed. */
  name: string;
}

/** A transponder or race number as compared: no spaces, no leading `#`, upper case; '' when none. */
export function foldCode(value: string | null | undefined): string {
  return (value ?? '').replace(/\s+/g, '').replace(/^#/, '').toUpperCase();
}

/** The same fold in SQL (a pre-filter only: the rule compares with `foldCode`). */
const foldSql = (column: typeof registrations.transponder | typeof registrations.raceNumber) => sql`upper(regexp_replace(regexp_replace(${column}, '\s+', '', 'g'), '^#', ''))`;

/** True when the timing software sent no name for the car: blank, or its number or transponder again. */
export function isUnnamed({ name, number, transponder }: Pick<LiveCompetitor, 'name' | 'number' | 'transponder'>): boolean {
  const folded = foldCode(name);
  return folded === '' || folded === foldCode(number) || (transponder !== null && folded === foldCode(transponder));
}

/** The one name of `riders` when they are one rider; null when none or several riders. */
function oneRider(riders: readonly RegisteredRider[]): string | null {
  const names = new Map(riders.map((r) => [r.participantId, r.name]));
  if (names.size !== 1) return null;
  const [name] = names.values();
  return name || null;
}

/** `riders` when they are one rider, else those `keep` keeps (when any), else the same. */
function narrow(riders: RegisteredRider[], keep: (r: RegisteredRider) => boolean): RegisteredRider[] {
  if (new Set(riders.map((r) => r.participantId)).size <= 1) return riders;
  const kept = riders.filter(keep);
  return kept.length ? kept : riders;
}

/**
 * The registered rider's name for car `car` among `riders` (any events: only `car.eventId`'s are
 * used), or null: by transponder, else by race number, as the file's docstring says. Does not look
 * at `car.name` (see `isUnnamed`). Pure.
 */
export function registeredNameFor(car: LiveCompetitor, riders: readonly RegisteredRider[]): string | null {
  const ofEvent = riders.filter((r) => r.eventId === car.eventId);
  const sameClass = (r: RegisteredRider) => car.classId !== null && r.classId === car.classId;
  const number = foldCode(car.number);
  const transponder = foldCode(car.transponder);
  if (transponder !== '') {
    const byTransponder = ofEvent.filter((r) => foldCode(r.transponder) === transponder);
    const name = oneRider(narrow(narrow(byTransponder, sameClass), (r) => number !== '' && foldCode(r.raceNumber) === number));
    if (name) return name;
  }
  if (number === '') return null;
  return oneRider(narrow(ofEvent.filter((r) => foldCode(r.raceNumber) === number), sameClass));
}

/**
 * The live registrations (not cancelled) of the cars' events whose transponder or race number is
 * one of the cars', with their riders' names. One query; none when `cars` is empty. Names
 * `event:{id}` of every car's event.
 */
export async function registeredRiders(cars: readonly LiveCompetitor[]): Promise<RegisteredRider[]> {
  if (!cars.length) return [];
  const eventIds = [...new Set(cars.map((c) => c.eventId))];
  tagRead(...eventIds.map((id) => tags.event(id)));
  const transponders = [...new Set(cars.map((c) => foldCode(c.transponder)).filter((t) => t !== ''))];
  const numbers = [...new Set(cars.map((c) => foldCode(c.number)).filter((n) => n !== ''))];
  const matches: SQL[] = [];
  if (transponders.length) matches.push(inArray(foldSql(registrations.transponder), transponders));
  if (numbers.length) matches.push(inArray(foldSql(registrations.raceNumber), numbers));
  if (!matches.length) return [];
  const rows = await getDb()
    .select({
      eventId: registrations.eventId,
      participantId: registrations.participantId,
      classId: registrations.classId,
      transponder: registrations.transponder,
      raceNumber: registrations.raceNumber,
      name: sql<string>`trim(${participants.firstName} || ' ' || ${participants.lastName})`,
    })
    .from(registrations)
    .innerJoin(participants, eq(participants.id, registrations.participantId))
    .where(and(inArray(registrations.eventId, eventIds), ne(registrations.state, 'cancelled'), or(...matches)));
  return rows;
}

/**
 * `cars` with the registered riders' names where the timing software sent none (`isUnnamed`;
 * the rule: the file's docstring), in the same order; a car keeps its own object when its name
 * stays. One query when at least one car is unnamed, none otherwise (and then no tag is named).
 */
export async function withRegisteredNames<T extends LiveCompetitor>(cars: readonly T[]): Promise<T[]> {
  const unnamed = cars.filter(isUnnamed);
  if (!unnamed.length) return [...cars];
  const riders = await registeredRiders(unnamed);
  if (!riders.length) return [...cars];
  return cars.map((car) => {
    if (!isUnnamed(car)) return car;
    const name = registeredNameFor(car, riders);
    return name ? { ...car, name } : car;
  });
}
