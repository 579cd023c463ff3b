/**
 * What registering for an event decides before it writes (issue 27 "Registration"; spec §1
 * register for events, §3 Registration, §6 Online registration), shared by `registerForEvent`
 * (which then writes the order and the registrations) and `quoteRegistration` (the review step's
 * priced total, which writes nothing): one place for the checks and the pricing rules, so the
 * total shown is the total charged.
 *
 * `openRegistration`: the refusals that need no lock (the contract, a login that may pay, the
 * event and its §6 check, gate payment, rental, the promoter's questions). `planRegistration`, in
 * the caller's transaction after the classes are read (`lockClasses`): every class offered and
 * fitting the rider's age; no live registration of the rider in them; the waiver signed; the race
 * number; each class's place (registered at its fee of the day, or the waiting list); the order's
 * lines (entries, rental and deposit, the one-event licence) and the province they are taxed in.
 */
import 'server-only';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Locale } from '../../config';
import { eventRegistrationInput, type EventRegistration, type EventRegistrationInput } from '../../contracts/event-registration';
import { AppError } from '../../errors';
import { payer, type LineRequest } from '../checkout/create-order';
import { ageOnDay } from '../checkout/membership-period';
import type { Tx } from '../db';
import { classes, registrations, waiverDocuments } from '../db/schema';
import { assertAllowed, type Principal, type Viewer } from '../policy';
import { classPlaces, type LockedClass } from './class-places';
import { entryLines, type PlacedClass } from './entry-lines';
import { assertRegistrationOpen, checkAnswers, dayOf, entryProvince, licenceLine, loadRegistrationEvent, orderLocale, parseInput, permanentNumber, type RegistrationEvent } from './registration-context';
import { chooseRaceNumber, entryFee, fitsAge, hasRoom } from './rules';

/** A registration request past the refusals that need no lock. */
export interface OpenedRegistration {
  input: EventRegistration;
  buyer: Principal;
  event: RegistrationEvent;
  now: Date;
  /** The federation's day of `now` (YYYY-MM-DD): the fee of the day, the §6 check. */
  today: string;
  rental: boolean;
  /** The answers kept (`checkAnswers`). */
  answers: Record<string, string>;
  locale: Locale;
}

/**
 * Checks `raw` for `viewer` at `now` without a lock (see the module's docstring).
 * @throws AppError the contract's codes; `unauthenticated`, `email_not_verified`; `not_found`;
 *   `registration_closed`; `gate_payment_unavailable`; `transponder_rental_unavailable`; `null_answer`.
 */
export async function openRegistration(viewer: Viewer, raw: EventRegistrationInput, now: Date): Promise<OpenedRegistration> {
  const input = parseInput(eventRegistrationInput, raw);
  const buyer = payer(viewer);
  const today = dayOf(now);
  const event = await loadRegistrationEvent(input.eventId);
  if (!event) throw new AppError('not_found');
  assertAllowed(buyer, 'registration.create', { promoterId: event.promoterId, isPublic: event.isPublic });
  await assertRegistrationOpen(event, input.provider, today);
  const rental = input.transponder?.kind === 'rental';
  if (rental && event.settings.transponderRentalCents == null) throw new AppError('transponder_rental_unavailable');
  const answers = checkAnswers(event.settings.questions, input.answers);
  return { input, buyer, event, now, today, rental, answers, locale: orderLocale(input.locale) };
}

/** The rider as the plan needs them (`buyablePeople`'s row). */
export interface PlanPerson {
  firstName: string;
  lastName: string;
  birthday: string;
}

/** What a registration will write: each class's state, the race number, the waiver, the order's lines and their province. */
export interface RegistrationPlan {
  kind: 'plan';
  states: Map<number, 'registered' | 'waiting'>;
  placed: PlacedClass[];
  raceNumber: string;
  waiverDocumentId: string;
  lines: LineRequest[];
  province: string;
}

/** The rider already holds a live registration in one of the classes: its ids (the caller decides: a repeated submission, or `already_registered`). */
export interface AlreadyRegistered {
  kind: 'mine';
  registrationIds: number[];
}

/**
 * Plans `opened` for `person` in `tx` with the classes `locked` (`lockClasses`: the event's rows of
 * the classes asked for). Reads only.
 * @throws AppError `invalid_registration_class`; `registration_age_mismatch`; `waiver_not_signed`;
 *   `null_race_number`, `invalid_race_number`, `race_number_taken`; `membership_required`,
 *   `membership_age_mismatch`; CheckoutError `unknown_province`.
 */
export async function planRegistration(tx: Tx, opened: OpenedRegistration, person: PlanPerson, locked: Map<number, LockedClass>): Promise<RegistrationPlan | AlreadyRegistered> {
  const { input, event, now, today } = opened;
  for (const id of input.classIds) if (!locked.has(id)) throw new AppError('invalid_registration_class');
  const chosen = new Map((await tx.select().from(classes).where(inArray(classes.id, input.classIds))).map((c) => [c.id, c]));
  const age = ageOnDay(person.birthday, event.startDate);
  for (const id of input.classIds) if (!fitsAge(age, chosen.get(id)!)) throw new AppError('registration_age_mismatch');

  const live = await tx
    .select({ id: registrations.id, classId: registrations.classId, participantId: registrations.participantId, raceNumber: registrations.raceNumber })
    .from(registrations)
    .where(and(eq(registrations.eventId, event.id), inArray(registrations.classId, input.classIds), ne(registrations.state, 'cancelled')));
  const mine = live.filter((r) => r.participantId === input.participantId);
  if (mine.length) return { kind: 'mine', registrationIds: mine.map((r) => r.id) };

  const [waiver] = await tx
    .select({ id: waiverDocuments.id })
    .from(waiverDocuments)
    .where(and(eq(waiverDocuments.id, input.waiverDocumentId), eq(waiverDocuments.eventId, event.id), eq(waiverDocuments.participantId, input.participantId), eq(waiverDocuments.state, 'signed')));
  if (!waiver) throw new AppError('waiver_not_signed');

  const permanent = await permanentNumber(tx, input.participantId, event.organizationId);
  let raceNumber = '';
  for (const id of input.classIds) {
    const taken = new Set(live.filter((r) => r.classId === id && r.raceNumber).map((r) => r.raceNumber!.toUpperCase()));
    const choice = chooseRaceNumber(input.raceNumber, permanent, taken);
    if (!choice.ok) throw new AppError(choice.code);
    raceNumber = choice.number;
  }

  const placed: PlacedClass[] = [];
  const states = new Map<number, 'registered' | 'waiting'>();
  for (const id of input.classIds) {
    const cls = locked.get(id)!;
    const places = await classPlaces(tx, event.id, id, now);
    const room = hasRoom(cls.capacity, places.registered, places.offersOpen);
    states.set(id, room ? 'registered' : 'waiting');
    if (room) placed.push({ classId: id, className: chosen.get(id)!.name, feeCents: entryFee(cls, event.settings, today) });
  }

  const province = entryProvince(event, input.province);
  const rider = { participantId: input.participantId, name: `${person.firstName} ${person.lastName}` };
  const lines: LineRequest[] = [...(await entryLines(event, rider, placed, opened.rental, opened.locale))];
  if (placed.length) {
    const licence = await licenceLine(tx, event, { participantId: input.participantId, birthday: person.birthday }, input.province ?? province);
    if (licence) lines.push(licence);
  }
  return { kind: 'plan', states, placed, raceNumber, waiverDocumentId: waiver.id, lines, province };
}
