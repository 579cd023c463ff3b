/**
 * Step 1, buyer information (issue 28 "The four steps" 1; spec §4 Spectator registration, §5
 * Spectator, §6, §8 Spectator): a logged-in Participant or Spectator starts a registration for one
 * day of an event that sells tickets, as its first spectator (`is_buyer`). Refused, in order: a
 * missing entry ('Please fill all entries', `null_entries`) or a malformed one (its code); no login
 * (`unauthenticated`); a promoter ('Not valid for Promoters'); another account type (the §6
 * message); an unverified email; an event that does not sell tickets ('Event not found'); a day
 * that is not one of the event's or is past (`invalid_event_day`); a date of birth in the future
 * (`invalid_birthday`); a buyer under 18 on that day ('Only valid for Adults'); a buyer who
 * already holds a spot for that event day ('Spectator already registered').
 *
 * Idempotent: the buyer's open registration of the same event and day is returned instead of a
 * second one (one at a time per buyer, event and day: an advisory lock).
 */
import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Locale } from '../../config';
import { startSpectatorRegistrationInput, type SpectatorRegistrationView, type StartSpectatorRegistrationInput } from '../../contracts/spectators';
import { AppError } from '../../errors';
import { getDb, type Tx } from '../db';
import { spectatorRegistrations, spectators } from '../db/schema';
import type { Viewer } from '../policy';
import { registrationView } from './get-registration';
import { isAdultOn, isEventDay } from './rules';
import { asLocale, assertPersonFree, parseSpectatorInput, sellingEvent, spectatorBuyer, todayOf, type SpectatorRegistrationRow, type TicketEvent } from './spectator-context';

type StartSpectatorRegistration = z.output<typeof startSpectatorRegistrationInput>;

/** A checked step 1: the event selling tickets, the day, the buyer. */
export interface BuyerStart {
  event: TicketEvent;
  day: string;
  person: StartSpectatorRegistration['buyer'];
  locale: Locale;
}

/**
 * Step 1's checks that need no login, at `now` (the event sells tickets; the day is one of its
 * days, today or later; the buyer is born, and an adult on that day).
 * @throws AppError `event_not_found`, `invalid_event_day`, `invalid_birthday`, `adults_only`.
 */
export async function checkBuyerStart(input: StartSpectatorRegistration, now: Date): Promise<BuyerStart> {
  const today = todayOf(now);
  const event = await sellingEvent(input.eventId);
  if (!isEventDay(input.day, event.startDate, event.endDate) || input.day < today) throw new AppError('invalid_event_day');
  const person = input.buyer;
  if (person.birthday > today) throw new AppError('invalid_birthday');
  if (!isAdultOn(person.birthday, input.day)) throw new AppError('adults_only');
  return { event, day: input.day, person, locale: asLocale(input.locale) };
}

/**
 * In `tx`: buyer `buyerUserId`'s open registration of the event day of `start`, or a new one with
 * the buyer as its first spectator (one at a time per buyer, event and day: an advisory lock held
 * until `tx` ends). `submissionId`: the visitor's form that opened the account with it.
 * @throws AppError `spectator_already_registered`.
 */
export async function openBuyerRegistration(tx: Tx, buyerUserId: string, start: BuyerStart, now: Date, submissionId: string | null = null): Promise<SpectatorRegistrationRow> {
  const { event, day, person } = start;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`spectators:${buyerUserId}:${event.id}:${day}`}))`);
  const [open] = await tx
    .select()
    .from(spectatorRegistrations)
    .where(and(eq(spectatorRegistrations.buyerUserId, buyerUserId), eq(spectatorRegistrations.eventId, event.id), eq(spectatorRegistrations.day, day), eq(spectatorRegistrations.state, 'open')))
    .limit(1);
  if (open) return open;
  await assertPersonFree(tx, event.id, day, person);
  const [registration] = await tx
    .insert(spectatorRegistrations)
    .values({ eventId: event.id, day, buyerUserId, locale: start.locale, createdAt: now, submissionId })
    .returning();
  await tx.insert(spectators).values({
    registrationId: registration!.id,
    eventId: event.id,
    day,
    firstName: person.firstName,
    lastName: person.lastName,
    gender: person.gender,
    birthday: person.birthday,
    email: person.email!,
    isBuyer: true,
    userId: buyerUserId,
    createdAt: now,
  });
  return registration!;
}

/**
 * Starts (or finds) `viewer`'s registration for `raw` at `options.now` (see the module's docstring).
 * @returns the registration, open, with the buyer as its first spectator.
 * @throws AppError the codes above.
 */
export async function startSpectatorRegistration(viewer: Viewer, raw: StartSpectatorRegistrationInput, options: { now?: Date } = {}): Promise<SpectatorRegistrationView> {
  const input = parseSpectatorInput(startSpectatorRegistrationInput, raw);
  const buyer = spectatorBuyer(viewer);
  const now = options.now ?? new Date();
  const start = await checkBuyerStart(input, now);
  return getDb().transaction(async (tx) => registrationView(tx, await openBuyerRegistration(tx, buyer.userId, start, now), now));
}
