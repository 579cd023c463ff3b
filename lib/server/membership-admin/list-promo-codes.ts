/**
 * The promo codes for the federation admin (issue 26 "promo codes (percent or amount, dates,
 * usage limits, what they apply to)"; spec §3 Transaction: promo code): every code, newest
 * first, with its days in the federation's time zone, its limits and its uses so far, and the
 * organizations and events a code may be limited to (the form's choices).
 *
 * Uses so far are counted by the checkout's own rule (`orderUsesPromo`), the one a buyer's code
 * is checked with: an order with a kept payment, of 0 cents, or whose hold has not ended nor been
 * released.
 */
import 'server-only';
import { asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { FEDERATION_TIME_ZONE } from '../../config';
import type { AdminPromoCode } from '../../contracts/membership-admin';
import { getDb } from '../db';
import { events, orders, organizations, promoCodes } from '../db/schema';
import type { Viewer } from '../policy';
import { orderUsesPromo } from '../checkout/promo-use';
import { assertMembershipAdmin } from './assert-admin';

/** A promo code as the admin's list and form show it (its shape is the contract's). */
export type { AdminPromoCode };

/** The day of a moment column in the federation's time zone. */
const day = (column: typeof promoCodes.validFrom | typeof promoCodes.validTo) => sql<string | null>`to_char(${column} at time zone ${FEDERATION_TIME_ZONE}, 'YYYY-MM-DD')`;

/**
 * Every promo code, newest first.
 * @throws AppError `unauthenticated`, `forbidden`.
 */
export async function listPromoCodes(viewer: Viewer): Promise<AdminPromoCode[]> {
  assertMembershipAdmin(viewer);
  const rows = await getDb()
    .select({
      id: promoCodes.id,
      code: promoCodes.code,
      kind: promoCodes.kind,
      value: promoCodes.value,
      validFrom: day(promoCodes.validFrom),
      validTo: day(promoCodes.validTo),
      maxUses: promoCodes.maxUses,
      maxUsesPerBuyer: promoCodes.maxUsesPerBuyer,
      appliesTo: promoCodes.appliesTo,
      organizationId: promoCodes.organizationId,
      organizationName: organizations.name,
      eventId: promoCodes.eventId,
      eventName: events.name,
      usesSoFar: sql<number>`(select count(*) filter (where ${orderUsesPromo()}) from ${orders} where ${orders.promoCodeId} = ${promoCodes.id})::int`,
      orders: sql<number>`(select count(*) from ${orders} where ${orders.promoCodeId} = ${promoCodes.id})::int`,
    })
    .from(promoCodes)
    .leftJoin(organizations, eq(organizations.id, promoCodes.organizationId))
    .leftJoin(events, eq(events.id, promoCodes.eventId))
    .orderBy(desc(promoCodes.createdAt), desc(promoCodes.id));
  return rows;
}

/** What a promo code may be limited to: every organization, and the events of the last year onward plus those codes name. */
export interface PromoCodeChoices {
  organizations: { id: number; name: string }[];
  events: { id: number; name: string; startDate: string }[];
}

/**
 * The form's choices (see `PromoCodeChoices`), organizations by name, events by date.
 * @throws AppError `unauthenticated`, `forbidden`.
 */
export async function promoCodeChoices(viewer: Viewer): Promise<PromoCodeChoices> {
  assertMembershipAdmin(viewer);
  const db = getDb();
  const named = db.select({ id: promoCodes.eventId }).from(promoCodes);
  const [orgs, evts] = await Promise.all([
    db.select({ id: organizations.id, name: organizations.name }).from(organizations).orderBy(asc(organizations.name)),
    db
      .select({ id: events.id, name: events.name, startDate: events.startDate })
      .from(events)
      .where(or(sql`${events.startDate} >= current_date - 365`, inArray(events.id, named)))
      .orderBy(asc(events.startDate), asc(events.name))
      .limit(500),
  ]);
  return { organizations: orgs, events: evts };
}
