/**
 * What the spectator use cases share (issue 28 "The four steps"; spec §4 Spectator registration,
 * §5 Spectator, §6): the event as tickets need it (its days, province, discipline and spectator
 * settings, and whether it sells tickets at all: 'Event not found' otherwise), who may buy (spec
 * §6: a Participant or Spectator login; 'Not valid for Promoters'; the account-type message for
 * any other; a verified email to pay and sign), the buyer's own registration (anyone else's answers
 * 'The record was not found', as an unknown one), its live spectators, and the 'Spectator already
 * registered' check.
 */
import 'server-only';
import { and, asc, eq, isNotNull, isNull, notExists, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { LOCALES, type Locale } from '../../config';
import { DEFAULT_SPECTATOR_SETTINGS, spectatorSettings, type SpectatorSettings } from '../../contracts/spectator-settings';
import { spectatorIssues, spectatorIssuesCode } from '../../contracts/spectators';
import { AppError, ERRORS, type ErrorCode } from '../../errors';
import { federationDate } from '../../format';
import { getDb, type Db, type Tx } from '../db';
import { events, promoters, spectatorRegistrations, spectators, ticketTransfers, tickets } from '../db/schema';
import { assertAllowed, type Principal, type Viewer } from '../policy';
import { eventShownJoined } from '../policy/visibility';
import { personKey } from './rules';

/** An event as its tickets need it. */
export interface TicketEvent {
  id: number;
  name: string;
  promoterId: number;
  /** The event's own organization, else its promoter's (the order's seller). */
  organizationId: number | null;
  startDate: string;
  endDate: string | null;
  /** `events.state` as written (a province code, when it is one: the tickets' place of supply). */
  state: string | null;
  discipline: string | null;
  isPublic: boolean;
  isCancelled: boolean;
  settings: SpectatorSettings;
}

/** The event `eventId` (read in `db`), or null. */
export async function loadTicketEvent(eventId: number, db: Db | Tx = getDb()): Promise<TicketEvent | null> {
  const [row] = await db
    .select({
      id: events.id,
      name: events.name,
      promoterId: events.promoterId,
      organizationId: sql<number | null>`coalesce(${events.organizationId}, ${promoters.organizationId})`,
      startDate: events.startDate,
      endDate: events.endDate,
      state: events.state,
      discipline: events.discipline,
      isPublic: sql<boolean>`(${eventShownJoined()})`,
      isCancelled: events.isCancelled,
      settings: events.spectatorSettings,
    })
    .from(events)
    .innerJoin(promoters, eq(promoters.id, events.promoterId))
    .where(eq(events.id, eventId));
  if (!row) return null;
  const parsed = spectatorSettings.safeParse(row.settings ?? {});
  return { ...row, settings: parsed.success ? parsed.data : DEFAULT_SPECTATOR_SETTINGS };
}

/**
 * The event `eventId` when it sells tickets: shown, not cancelled, tickets enabled.
 * @throws AppError `event_not_found` otherwise (also for an unknown one).
 */
export async function sellingEvent(eventId: number, db: Db | Tx = getDb()): Promise<TicketEvent> {
  const event = await loadTicketEvent(eventId, db);
  if (!event || !event.isPublic || event.isCancelled || !event.settings.enabled) throw new AppError('event_not_found');
  return event;
}

/**
 * The viewer, when they may buy tickets (spec §6): logged in (`unauthenticated`); not a promoter
 * (`promoters_not_allowed`); a Participant or Spectator account (`account_type_not_allowed` for
 * an official or an admin); email verified to pay (`email_not_verified`).
 */
export function spectatorBuyer(viewer: Viewer): Principal {
  if (viewer === null) throw new AppError('unauthenticated');
  if (viewer.role === 'promoter') throw new AppError('promoters_not_allowed');
  if (viewer.role !== 'participant' && viewer.role !== 'spectator') throw new AppError('account_type_not_allowed');
  assertAllowed(viewer, 'account.pay', { userId: viewer.userId });
  return viewer;
}

/** `data` checked by `schema`: a missing entry throws `null_entries` ('Please fill all entries'), another fault its code. */
export function parseSpectatorInput<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const code = spectatorIssuesCode(spectatorIssues(parsed.error));
  throw new AppError(/^(null|invalid)_[a-z_]+$/.test(code) || Object.hasOwn(ERRORS, code) ? (code as ErrorCode) : 'invalid_request');
}

/** The federation's calendar day of `now` (YYYY-MM-DD). */
export const todayOf = (now: Date): string => federationDate(now);

/** `locale` when it is one of the site's, else English. */
export const asLocale = (locale: unknown): Locale => ((LOCALES as readonly string[]).includes(String(locale)) ? (locale as Locale) : 'en');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` is a UUID (anything else names no record). */
export const isUuid = (id: string): boolean => UUID.test(id);

export type SpectatorRegistrationRow = typeof spectatorRegistrations.$inferSelect;
export type SpectatorRow = typeof spectators.$inferSelect;

/**
 * Registration `id` of buyer `viewer`, read in `db` (its row locked until `tx` ends when `lock`).
 * @throws AppError `unauthenticated`; `spectator_not_found` (unknown, malformed, or someone else's).
 */
export async function ownRegistration(viewer: Viewer, id: string, db: Db | Tx = getDb(), options: { lock?: boolean } = {}): Promise<SpectatorRegistrationRow> {
  if (viewer === null) throw new AppError('unauthenticated');
  if (!isUuid(id)) throw new AppError('spectator_not_found');
  const query = db
    .select()
    .from(spectatorRegistrations)
    .where(and(eq(spectatorRegistrations.id, id.toLowerCase()), eq(spectatorRegistrations.buyerUserId, viewer.userId)));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new AppError('spectator_not_found');
  return row;
}

/** @throws AppError `spectator_registration_closed` unless `registration` is open. */
export function assertOpen(registration: SpectatorRegistrationRow): void {
  if (registration.state !== 'open') throw new AppError('spectator_registration_closed');
}

/**
 * @throws AppError `spectator_registration_closed` unless `registration` is open and has no order
 *   yet: once step 4 made its order (one ticket line per spectator), its spectators no longer change.
 */
export function assertEditable(registration: SpectatorRegistrationRow): void {
  assertOpen(registration);
  if (registration.orderId !== null) throw new AppError('spectator_registration_closed');
}

/** The spectators of registration `registrationId` not removed, in the order they were added (the buyer first). */
export async function liveSpectators(db: Db | Tx, registrationId: string): Promise<SpectatorRow[]> {
  return db
    .select()
    .from(spectators)
    .where(and(eq(spectators.registrationId, registrationId), isNull(spectators.removedAt)))
    .orderBy(asc(spectators.createdAt), asc(spectators.id));
}

/** How long a registration still at steps 1 to 3 (open, no order yet) keeps its people to itself: 24 hours. */
export const SPECTATOR_DRAFT_HOURS = 24;

/**
 * @throws AppError `spectator_already_registered` when `person` (same names, case aside, and date
 *   of birth) is a spectator of event `eventId`'s day `day`, other than spectator `exceptId`, on a
 *   registration that claims them:
 *   - complete, or open with its order (a hold, or paid and being completed);
 *   - open without an order yet (steps 1 to 3) and started in the last `SPECTATOR_DRAFT_HOURS`,
 *     or the registration `options.registrationId` itself (the one being filled in) — unless
 *     `options.claimedOnly` (the summary's submission: under the day's lock only orders count, so
 *     a registration abandoned at step 3 blocks nobody for good, and of two drafts with the same
 *     person the first to submit wins).
 *   A spectator whose ticket was given to someone else (a `ticket_transfers` row) no longer counts.
 */
export async function assertPersonFree(
  db: Db | Tx,
  eventId: number,
  day: string,
  person: { firstName: string; lastName: string; birthday: string },
  exceptId?: string,
  options: { registrationId?: string; claimedOnly?: boolean } = {},
): Promise<void> {
  const r = spectatorRegistrations;
  const draft = options.claimedOnly
    ? sql`false`
    : sql`(${r.createdAt} > now() - make_interval(hours => ${SPECTATOR_DRAFT_HOURS}) or ${r.id} = ${options.registrationId ?? null}::uuid)`;
  const rows = await db
    .select({ id: spectators.id, firstName: spectators.firstName, lastName: spectators.lastName, birthday: spectators.birthday })
    .from(spectators)
    .innerJoin(r, eq(r.id, spectators.registrationId))
    .where(
      and(
        eq(spectators.eventId, eventId),
        eq(spectators.day, day),
        eq(spectators.birthday, person.birthday),
        isNull(spectators.removedAt),
        or(eq(r.state, 'complete'), and(eq(r.state, 'open'), or(isNotNull(r.orderId), draft))),
        notExists(db.select({ one: ticketTransfers.id }).from(ticketTransfers).innerJoin(tickets, eq(tickets.id, ticketTransfers.fromTicketId)).where(eq(tickets.spectatorId, spectators.id))),
      ),
    );
  const key = personKey(person);
  if (rows.some((r) => r.id !== exceptId && personKey(r) === key)) throw new AppError('spectator_already_registered');
}
