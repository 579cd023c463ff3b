/**
 * What registering for an event and taking a waiting-list offer share (issue 27 "Registration";
 * spec §6 Online registration): the event as the checks need it (promoter, organization — the
 * event's own, else its promoter's —, days, province, registration settings), the refusals that
 * need no lock (window and §6 check, gate payment, rental, the promoter's questions), the rider's
 * membership on the event's first day (else a one-event licence line), the place of supply of an
 * entry (the event's province), and how long an entry order holds its places.
 */
import 'server-only';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { z } from 'zod';
import type { Locale } from '../../config';
import { DEFAULT_REGISTRATION_SETTINGS, registrationSettings, type RegistrationQuestion, type RegistrationSettings } from '../../contracts/registration-settings';
import { AppError, ERRORS, type ErrorCode } from '../../errors';
import { federationDate } from '../../format';
import { HOLD_MINUTES, OFFICE_HOLD_MINUTES } from '../checkout/order-state';
import { ageOnDay, nextDay } from '../checkout/membership-period';
import type { MembershipLineRequest } from '../checkout/create-order';
import { placeOfSupply } from '../checkout/tax';
import { getDb, type Tx } from '../db';
import { events, membershipTypes, memberships, memberNumbers, promoters } from '../db/schema';
import { canRegisterOnline } from '../permissions/register-online';
import { eventShownJoined } from '../policy/visibility';
import { sql } from 'drizzle-orm';
import type { PaymentProvider } from '../checkout/records';
import { fitsAge } from './rules';

/** An event as registration needs it. */
export interface RegistrationEvent {
  id: number;
  name: string;
  promoterId: number;
  organizationId: number | null;
  startDate: string;
  endDate: string | null;
  /** `events.state` as written (a province code, when it is one). */
  state: string | null;
  isPublic: boolean;
  settings: RegistrationSettings;
}

/** The event `eventId`, or null when there is none. */
export async function loadRegistrationEvent(eventId: number, tx?: Tx): Promise<RegistrationEvent | null> {
  const [row] = await (tx ?? getDb())
    .select({
      id: events.id,
      name: events.name,
      promoterId: events.promoterId,
      organizationId: sql<number | null>`coalesce(${events.organizationId}, ${promoters.organizationId})`,
      startDate: events.startDate,
      endDate: events.endDate,
      state: events.state,
      isPublic: sql<boolean>`(${eventShownJoined()})`,
      settings: events.registrationSettings,
    })
    .from(events)
    .innerJoin(promoters, eq(promoters.id, events.promoterId))
    .where(eq(events.id, eventId));
  if (!row) return null;
  const parsed = registrationSettings.safeParse(row.settings ?? {});
  return { ...row, settings: parsed.success ? parsed.data : DEFAULT_REGISTRATION_SETTINGS };
}

/** `data` checked by `schema`; a refusal throws the first issue's code when it is one of the catalogue's, else `invalid_request`. */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]?.message ?? '';
  if (Object.hasOwn(ERRORS, message)) throw new AppError(message as ErrorCode);
  if (/^The provided|^Please provide/.test(message)) throw new AppError(message.startsWith('Please') ? 'null_id' : 'invalid_id', message);
  throw new AppError('invalid_request');
}

/**
 * The refusals that need no lock, on the federation's day `today`: the event's registration must
 * be open and online registration allowed (spec §6, `canRegisterOnline`); paying at the gate only
 * when the promoter allows it.
 * @throws AppError `registration_closed`, `gate_payment_unavailable`.
 */
export async function assertRegistrationOpen(event: RegistrationEvent, provider: PaymentProvider, today: string): Promise<void> {
  if ((await canRegisterOnline(event.id, undefined, today)) !== 1) throw new AppError('registration_closed');
  if (provider === 'office' && !event.settings.payAtGate) throw new AppError('gate_payment_unavailable');
}

/**
 * The answers to keep: one per question of the promoter (trimmed; unknown ids dropped).
 * @throws AppError `null_answer` when a required question is unanswered.
 */
export function checkAnswers(questions: readonly RegistrationQuestion[], answers: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const q of questions) {
    const answer = (answers[q.id] ?? '').trim();
    if (answer) kept[q.id] = answer;
    else if (q.required) throw new AppError('null_answer');
  }
  return kept;
}

/**
 * The province an entry is taxed in (its place of supply: the event's province), else the
 * buyer's when the event's state is not a province code.
 * @throws CheckoutError `unknown_province` when neither is one.
 */
export function entryProvince(event: RegistrationEvent, buyerProvince: string | null | undefined): string {
  try {
    return placeOfSupply({ kind: 'entry', eventProvince: event.state ?? '' });
  } catch {
    return placeOfSupply({ kind: 'membership', buyerProvince: buyerProvince ?? '' });
  }
}

/**
 * How long an entry order holds its places, in minutes: 15 by card; at the gate, 30 days or until
 * the day after the event's last day, whichever is later (the rider pays on the day).
 */
export function entryHoldMinutes(provider: PaymentProvider, event: Pick<RegistrationEvent, 'startDate' | 'endDate'>, now: Date): number {
  if (provider !== 'office') return HOLD_MINUTES;
  const afterEvent = new Date(`${nextDay(event.endDate ?? event.startDate)}T12:00:00Z`).getTime();
  return Math.max(OFFICE_HOLD_MINUTES, Math.ceil((afterEvent - now.getTime()) / 60_000));
}

/** The rider's permanent member number in the organization (text), or null when they have none. */
export async function permanentNumber(tx: Tx, participantId: number, organizationId: number | null): Promise<string | null> {
  if (organizationId === null) return null;
  const [row] = await tx.select({ number: memberNumbers.number }).from(memberNumbers).where(and(eq(memberNumbers.participantId, participantId), eq(memberNumbers.organizationId, organizationId)));
  return row ? String(row.number) : null;
}

/**
 * The one-event licence line a rider needs (issue 27 "a membership valid on the event date, or a
 * one-event licence added to the order"): null when they hold a membership of the event's
 * organization valid on its first day; else the organization's first membership type of validity
 * `event` whose ages fit the rider on that day, bought for this event, taxed in the buyer's province.
 * @throws AppError `membership_required` (no organization, or it sells no one-event licence);
 *   `membership_age_mismatch` (it sells some, none for the rider's age).
 */
export async function licenceLine(tx: Tx, event: RegistrationEvent, person: { participantId: number; birthday: string }, buyerProvince: string): Promise<MembershipLineRequest | null> {
  if (event.organizationId === null) throw new AppError('membership_required');
  const day = event.startDate;
  const [held] = await tx
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.participantId, person.participantId), eq(memberships.organizationId, event.organizationId), lte(memberships.validFrom, day), gte(memberships.validUntil, day)))
    .limit(1);
  if (held) return null;
  const types = await tx
    .select({ id: membershipTypes.id, minAge: membershipTypes.minAge, maxAge: membershipTypes.maxAge })
    .from(membershipTypes)
    .where(and(eq(membershipTypes.organizationId, event.organizationId), eq(membershipTypes.validity, 'event'), eq(membershipTypes.family, false)))
    .orderBy(asc(membershipTypes.sortOrder), asc(membershipTypes.priceCents), asc(membershipTypes.id));
  if (types.length === 0) throw new AppError('membership_required');
  const age = ageOnDay(person.birthday, day);
  const type = types.find((t) => fitsAge(age, t));
  if (!type) throw new AppError('membership_age_mismatch');
  return { kind: 'membership', membershipTypeId: type.id, participantId: person.participantId, eventId: event.id, province: buyerProvince };
}

/** The federation's calendar day of `now`. */
export const dayOf = (now: Date): string => federationDate(now);

/** The order's language from a requested one. */
export const orderLocale = (locale: Locale | undefined): Locale => locale ?? 'en';
