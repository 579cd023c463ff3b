/**
 * Creating an order (issue 26 "One order for whatever is bought", "Holds that expire", "promo
 * codes"; spec §1 register for memberships, §3 Transaction): a buyer asks for lines (a membership
 * now: its type and the person it is for), the lines are checked (the type exists and is sold by
 * the order's organization; the person is the buyer or a minor the buyer is guardian of; their
 * age fits the type's limits on the membership's first day), the promo code typed is checked
 * with `checkPromo` (its uses counted from the orders paid or still held, its row locked so two
 * buyers cannot take its last use together), the order is priced once with `priceOrder` (tax by
 * the buyer's province for a membership), and the order and its lines are written in one
 * transaction, holding what they reserve `HOLD_MINUTES` (15) minutes. An order of 0 cents (a
 * 100 % promo) is paid from its creation: its memberships are created in the same transaction.
 * Any refusal writes nothing.
 *
 * Event entries (issue 27 "Registration"): the registration use cases (lib/server/registrations)
 * decide an entry's price (fees by date) and what it is for, and hand entry lines (taxed in the
 * event's province, the place of supply of an entry) and, when the rider holds no valid
 * membership, a one-event licence line (`eventId` set: valid on the event's days) to
 * `createOrderInTx` inside their own transaction, which also writes the registrations; the order
 * then names its event, promoter and form submission (`orders.submission_id`, unique).
 */
import 'server-only';
import { eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LOCALES, type Locale } from '../../config';
import { inLocale } from '../../contracts/translations';
import { AppError } from '../../errors';
import { revalidateTags } from '../cache';
import { getDb, type Tx } from '../db';
import { classes, events, membershipTypes, orderLines, orders, participantProfiles, promoCodes } from '../db/schema';
import { assertAllowed, type Principal, type Viewer } from '../policy';
import { CheckoutError } from './errors';
import { fulfilOrder } from './fulfil-order';
import { orderView, type OrderView } from './get-order';
import { ageOnDay, membershipPeriod } from './membership-period';
import { HOLD_MINUTES, holdExpiresAt, OFFICE_HOLD_MINUTES } from './order-state';
import { orderUsesPromo } from './promo-use';
import { priceOrder, type LineInput, type PricedOrder } from './pricing';
import { checkPromo, normalizePromoCode, type Promo } from './promo';
import type { PaymentProvider } from './records';
import { toProvince } from './tax';

/**
 * A membership line: the type bought (`membership_types.id`), who it is for (`participants.id`:
 * the buyer's own record, or their minor's) and the racing class chosen (`classes.id` of the
 * type's organization), if any. A family type is asked for the buyer's own record: it becomes one
 * line at the type's price for the buyer and a line at 0 for each of their minors.
 */
export interface MembershipLineRequest {
  kind: 'membership';
  membershipTypeId: number;
  participantId: number;
  classId?: number | null;
  /** A one-event licence (issue 27): the event it is for (`events.id`); its member's age is taken on the event's first day and it is valid on the event's days. */
  eventId?: number | null;
  /** Its place of supply when not the order's (a licence bought with an entry is taxed where the buyer lives). */
  province?: string;
}

/**
 * An event entry line (issue 27), priced by the registration use case: an entry fee (`classId`
 * set), a transponder rental or its deposit (`classId` null; a deposit is `taxable: false`), for
 * participant `participantId` at event `eventId`.
 */
export interface EntryLineRequest {
  kind: 'entry';
  eventId: number;
  classId: number | null;
  participantId: number;
  /** What the receipt shows, in the order's language. */
  description: string;
  /** Whole cents ≥ 0. */
  unitCents: number;
  /** False for a refundable deposit (no tax). */
  taxable?: boolean;
}

/**
 * A spectator ticket line (issue 28), priced by the spectator registration
 * (lib/server/spectators: the event's age bands on its day), one per spectator, taxed in the
 * event's province (the order's). It names no person record: the ticket's spectator is the
 * registration's (lib/server/tickets/match-ticket-lines.ts pairs them).
 */
export interface TicketLineRequest {
  kind: 'ticket';
  eventId: number;
  /** What the receipt shows, in the order's language. */
  description: string;
  /** Whole cents ≥ 0. */
  unitCents: number;
}

/** One line asked for. */
export type LineRequest = MembershipLineRequest | EntryLineRequest | TicketLineRequest;

/** What a buyer asks for. */
export interface CreateOrderInput {
  /** The organization the order buys from (every membership line's type must be its own). */
  organizationId: number;
  lines: readonly LineRequest[];
  /** The event an order of entries is for, and its promoter (whose staff may mark it paid at the gate). */
  eventId?: number | null;
  promoterId?: number | null;
  /** The form submission that made it (`orders.submission_id`, unique): the caller answers a second one with the first order. */
  submissionId?: string | null;
  /** The buyer's province (place of supply of a membership), e.g. 'QC'. */
  province: string;
  /** The buyer's language: line descriptions and the receipt are in it. */
  locale: Locale;
  /** How the buyer pays: 'office' (pay at the office or the gate) or 'stripe'. */
  provider: PaymentProvider;
  /** The promo code the buyer typed, if any (trimmed, any case). */
  promoCode?: string | null;
  /** The order's moment (default now): its creation, the start of its hold, the day taxes are taken on. */
  now?: Date;
  /** How long the hold lasts, in minutes (default `HOLD_MINUTES`, 15; `OFFICE_HOLD_MINUTES`, 30 days, when paying at the office). */
  holdMinutes?: number;
}

/** The promo row of code `typed`, locked until the transaction ends, with its use counts at `now` for `userId`. */
async function loadPromo(tx: Tx, typed: string, userId: string, now: Date): Promise<(Promo & { id: number }) | null> {
  const [row] = await tx
    .select()
    .from(promoCodes)
    .where(eq(sql`upper(${promoCodes.code})`, normalizePromoCode(typed)))
    .for('update');
  if (!row) return null;
  // A use: an order with a kept payment, of 0 cents (paid from its creation), or still held.
  const used = () => orderUsesPromo(now);
  const [uses] = await tx
    .select({
      all: sql<number>`(count(*) filter (where ${used()}))::int`,
      mine: sql<number>`(count(*) filter (where ${used()} and ${orders.userId} = ${userId}))::int`,
    })
    .from(orders)
    .where(eq(orders.promoCodeId, row.id));
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    validFrom: row.validFrom,
    validTo: row.validTo,
    maxUses: row.maxUses,
    maxUsesPerBuyer: row.maxUsesPerBuyer,
    usesSoFar: uses?.all ?? 0,
    usesByBuyer: uses?.mine ?? 0,
    appliesTo: row.appliesTo,
    organizationId: row.organizationId,
    eventId: row.eventId,
  };
}

/**
 * The people `participantIds` the buyer `userId` may buy for (themself, or a minor they are
 * guardian of), with their names and birthdays.
 * @throws AppError `not_found` for anyone else (someone else's person answers like an unknown one).
 */
export async function buyablePeople(tx: Tx, userId: string, participantIds: number[]) {
  const guardian = alias(participantProfiles, 'guardian');
  const rows = await tx
    .select({
      participantId: participantProfiles.participantId,
      firstName: participantProfiles.firstName,
      lastName: participantProfiles.lastName,
      birthday: participantProfiles.birthday,
      userId: participantProfiles.userId,
      guardianUserId: guardian.userId,
    })
    .from(participantProfiles)
    .leftJoin(guardian, eq(guardian.id, participantProfiles.guardianId))
    .where(inArray(participantProfiles.participantId, participantIds));
  const people = new Map(rows.filter((r) => r.userId === userId || r.guardianUserId === userId).map((r) => [r.participantId, r]));
  // Someone else's person answers like an unknown one.
  for (const id of participantIds) if (!people.has(id)) throw new AppError('not_found');
  return people;
}

/** A line as priced, with what it sells. */
type PreparedLine = LineInput & { kind: 'membership' | 'entry' | 'ticket'; membershipTypeId: number | null; participantId: number | null; classId: number | null; eventId: number | null };

/** What an order request becomes once checked and priced (nothing written yet). */
export interface PreparedOrder {
  province: ReturnType<typeof toProvince>;
  locale: Locale;
  promo: (Promo & { id: number }) | null;
  priced: PricedOrder<PreparedLine>;
}

/**
 * Checks and prices `input` for `viewer` in `tx` (see the module's docstring), writing nothing:
 * what `createOrder` stores and `quoteOrder` shows. The promo code's row stays locked until `tx` ends.
 * @throws as `createOrder`.
 */
async function prepareOrder(tx: Tx, viewer: Principal, input: CreateOrderInput, now: Date): Promise<PreparedOrder> {
  if (input.lines.length === 0) throw new AppError('null_lines');
  if (input.lines.some((line) => line.kind !== 'membership' && line.kind !== 'entry' && line.kind !== 'ticket')) throw new AppError('invalid_request');
  const province = toProvince(input.province);
  const locale: Locale = (LOCALES as readonly string[]).includes(input.locale) ? input.locale : 'en';
  const memberLines = input.lines.filter((l): l is MembershipLineRequest => l.kind === 'membership');
  const typeIds = [...new Set(memberLines.map((l) => l.membershipTypeId))].filter((id) => Number.isSafeInteger(id));
  const types = new Map((typeIds.length ? await tx.select().from(membershipTypes).where(inArray(membershipTypes.id, typeIds)) : []).map((t) => [t.id, t]));
  const classIds = [...new Set(memberLines.map((l) => l.classId).filter((id): id is number => id != null && Number.isSafeInteger(id)))];
  const chosenClasses = new Map((classIds.length ? await tx.select().from(classes).where(inArray(classes.id, classIds)) : []).map((c) => [c.id, c]));
  const eventIds = [...new Set(memberLines.map((l) => l.eventId).filter((id): id is number => id != null && Number.isSafeInteger(id)))];
  const eventDays = new Map((eventIds.length ? await tx.select({ id: events.id, startDate: events.startDate }).from(events).where(inArray(events.id, eventIds)) : []).map((e) => [e.id, e.startDate]));
  const people = await buyablePeople(tx, viewer.userId, [...new Set(input.lines.flatMap((l) => (l.kind === 'ticket' ? [] : [l.participantId])))]);

  const lines: PreparedLine[] = [];
  for (const request of input.lines) {
    if (request.kind === 'ticket') {
      lines.push({ kind: 'ticket', description: request.description, unitCents: request.unitCents, quantity: 1, membershipTypeId: null, participantId: null, classId: null, eventId: request.eventId });
      continue;
    }
    if (request.kind === 'entry') {
      lines.push({ kind: 'entry', description: request.description, unitCents: request.unitCents, quantity: 1, taxable: request.taxable, membershipTypeId: null, participantId: request.participantId, classId: request.classId, eventId: request.eventId });
      continue;
    }
    const type = types.get(request.membershipTypeId);
    if (!type || type.organizationId !== input.organizationId) throw new AppError('invalid_membership_type');
    const person = people.get(request.participantId)!;
    // A family membership is asked for the guardian's own record: it covers each of their minors at no further cost.
    if (type.family && person.userId !== viewer.userId) throw new AppError('family_needs_guardian');
    const eventDay = request.eventId != null ? eventDays.get(request.eventId) : undefined;
    if (request.eventId != null && eventDay === undefined) throw new AppError('not_found');
    // A one-event licence starts on its event's first day; any other membership when it is bought.
    const validFrom = eventDay ?? (await membershipPeriod(tx, request.participantId, type.organizationId, type.validity, now)).validFrom;
    const age = ageOnDay(person.birthday, validFrom);
    if ((type.minAge !== null && age < type.minAge) || (type.maxAge !== null && age > type.maxAge)) throw new AppError('membership_age_mismatch');
    let classId: number | null = null;
    if (request.classId != null) {
      const chosen = chosenClasses.get(request.classId);
      if (!chosen || chosen.organizationId !== type.organizationId) throw new AppError('invalid_membership_class');
      if ((chosen.minAge !== null && age < chosen.minAge) || (chosen.maxAge !== null && age > chosen.maxAge)) throw new AppError('membership_class_age_mismatch');
      classId = chosen.id;
    }
    const typeName = inLocale(type.name, type.names, locale);
    const licenceProvince = request.province === undefined ? {} : { province: request.province };
    lines.push({ kind: 'membership', description: `${typeName} – ${person.firstName} ${person.lastName}`, unitCents: type.priceCents, quantity: 1, ...licenceProvince, membershipTypeId: type.id, participantId: request.participantId, classId, eventId: request.eventId ?? null });
    if (type.family) {
      for (const minor of await minorsOf(tx, viewer.userId)) {
        lines.push({ kind: 'membership', description: `${typeName} – ${minor.firstName} ${minor.lastName}`, unitCents: 0, quantity: 1, ...licenceProvince, membershipTypeId: type.id, participantId: minor.participantId, classId: null, eventId: request.eventId ?? null });
      }
    }
  }

  let promo: (Promo & { id: number }) | null = null;
  if (input.promoCode != null && input.promoCode.trim() !== '') {
    const found = await loadPromo(tx, input.promoCode, viewer.userId, now);
    const check = checkPromo(found, { now, kinds: lines.map((l) => l.kind), organizationId: input.organizationId, eventId: input.eventId ?? null, typed: input.promoCode });
    if (!check.ok) throw new CheckoutError(check.code);
    promo = found;
  }
  return { province, locale, promo, priced: priceOrder({ lines, province, date: now, promo }) };
}

/** The viewer, once they may pay (logged in, email verified). @throws AppError `unauthenticated`, `email_not_verified`. */
export function payer(viewer: Viewer): Principal {
  if (viewer === null) throw new AppError('unauthenticated');
  assertAllowed(viewer, 'account.pay', { userId: viewer.userId });
  return viewer;
}

/**
 * The price of `input` for `viewer` as `createOrder` would charge it now (lines, discount, taxes
 * per code, total, in cents), for the buyer's review step; nothing is written or held.
 * @throws as `createOrder`.
 */
export async function quoteOrder(viewer: Viewer, input: CreateOrderInput): Promise<PricedOrder<PreparedLine>> {
  const buyer = payer(viewer);
  const now = input.now ?? new Date();
  return getDb().transaction(async (tx) => (await prepareOrder(tx, buyer, input, now)).priced);
}

/** The minors `userId` is guardian of, with their participant records and names. */
async function minorsOf(tx: Tx, userId: string) {
  const guardian = alias(participantProfiles, 'guardian');
  return tx
    .select({ participantId: participantProfiles.participantId, firstName: participantProfiles.firstName, lastName: participantProfiles.lastName })
    .from(participantProfiles)
    .innerJoin(guardian, eq(guardian.id, participantProfiles.guardianId))
    .where(eq(guardian.userId, userId))
    .orderBy(participantProfiles.id);
}

/** An order just written by `createOrderInTx`: its view (lines with their ids) and the cache tags its fulfilment touched (a 0-cent order is paid at once). */
export interface CreatedOrder {
  view: OrderView;
  tags: string[];
}

/**
 * Checks, prices and writes order `input` for `buyer` inside the caller's transaction `tx` (see
 * the module's docstring): the order (with its event, promoter and submission id when given),
 * its lines, and, at 0 cents, its fulfilment. Revalidating `tags` once `tx` committed is the
 * caller's.
 * @throws as `createOrder`; the database's unique violation when `input.submissionId` was used (the caller looks it up first, under its locks).
 */
export async function createOrderInTx(tx: Tx, buyer: Principal, input: CreateOrderInput, now: Date): Promise<CreatedOrder> {
  const { province, locale, promo, priced } = await prepareOrder(tx, buyer, input, now);
  const [order] = await tx
    .insert(orders)
    .values({
      userId: buyer.userId,
      organizationId: input.organizationId,
      eventId: input.eventId ?? null,
      promoterId: input.promoterId ?? null,
      submissionId: input.submissionId ?? null,
      province,
      locale,
      subtotalCents: priced.subtotalCents,
      discountCents: priced.discountCents,
      taxCents: priced.taxCents,
      totalCents: priced.totalCents,
      taxes: priced.taxes,
      promoCodeId: promo?.id ?? null,
      promoCode: priced.promoCode,
      provider: input.provider,
      holdExpiresAt: holdExpiresAt(now, input.holdMinutes ?? (input.provider === 'office' ? OFFICE_HOLD_MINUTES : HOLD_MINUTES)),
      createdAt: now,
    })
    .returning();
  await tx.insert(orderLines).values(
    priced.lines.map((line) => ({
      orderId: order!.id,
      kind: line.kind,
      description: line.description,
      unitCents: line.unitCents,
      quantity: line.quantity,
      subtotalCents: line.subtotalCents,
      discountCents: line.discountCents,
      taxCents: line.totalCents - line.subtotalCents + line.discountCents,
      totalCents: line.totalCents,
      taxes: line.taxes,
      membershipTypeId: line.membershipTypeId,
      participantId: line.participantId,
      eventId: line.eventId,
      classId: line.classId,
    })),
  );
  const fulfilled = order!.totalCents === 0 ? await fulfilOrder(tx, order!.id, now) : { tags: [] };
  return { view: await orderView(tx, order!, now), tags: fulfilled.tags };
}

/**
 * Creates and holds an order for `viewer` (see the module's docstring). The viewer must be allowed
 * `account.pay` on their own account (logged in, email verified).
 * @returns the order as stored with its lines and its state (`reserved`, or `paid` at 0 cents).
 * @throws AppError `unauthenticated`, `email_not_verified`; `null_lines` (no line);
 *   `invalid_request` (a line of a kind not sold yet); `invalid_membership_type` (unknown, or
 *   not the organization's); `not_found` (a person the buyer may not buy for);
 *   `membership_age_mismatch`; `invalid_membership_class` (not a class of the type's organization),
 *   `membership_class_age_mismatch`; `family_needs_guardian` (a family type asked for someone
 *   else than the buyer); CheckoutError `promo_*`, `unknown_province`, `no_tax_rate`,
 *   `invalid_amount`.
 */
export async function createOrder(viewer: Viewer, input: CreateOrderInput): Promise<OrderView> {
  const buyer = payer(viewer);
  const now = input.now ?? new Date();
  const { view, tags } = await getDb().transaction(async (tx) => {
    const prior = input.submissionId ? await priorOrder(tx, buyer, input.submissionId, now) : null;
    return prior ? { view: prior, tags: [] } : createOrderInTx(tx, buyer, input, now);
  });
  if (tags.length) await revalidateTags(tags);
  return view;
}

/**
 * The order an earlier sending of submission `submissionId` made (issue 29: a purchase sent again
 * after a lost reply answers its first order), or null. Takes a lock on the submission id until
 * `tx` ends, so two sendings at once make one order: the second waits, then finds the first's.
 * @throws AppError `invalid_request` when another login's order has that submission id.
 */
async function priorOrder(tx: Tx, buyer: Principal, submissionId: string, now: Date): Promise<OrderView | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`order-submission:${submissionId}`}, 0))`);
  const [prior] = await tx.select().from(orders).where(eq(orders.submissionId, submissionId));
  if (!prior) return null;
  if (prior.userId !== buyer.userId) throw new AppError('invalid_request');
  return orderView(tx, prior, now);
}
