/**
 * A promo code created or edited by the federation admin (issue 26 "promo codes (percent or
 * amount, dates, usage limits, what they apply to)"; lib/server/checkout/promo.ts): the code is
 * stored as typed and unique whatever its case (`promo_codes_code_uq` on upper(code): a clash is
 * `promo_code_exists`); its days are the federation's (America/Toronto): valid from the start of
 * the first day to the end of the last, inclusive. Once an order names the code (it was priced
 * with it), its kind and value are fixed (`promo_code_used`); it may still be ended (valid to),
 * renamed, or have its limits and what it applies to changed. The row is locked while it is
 * checked and written, as `createOrder` locks it, so an order and an edit do not cross.
 */
import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { FEDERATION_TIME_ZONE } from '../../config';
import type { PromoCodeInput } from '../../contracts/membership-admin';
import { AppError } from '../../errors';
import { isUniqueViolation } from '../accounts/create-account';
import { getDb, type Tx } from '../db';
import { events, orders, organizations, promoCodes } from '../db/schema';
import type { Viewer } from '../policy';
import { assertMembershipAdmin } from './assert-admin';

/** The start of day `day` (YYYY-MM-DD) in the federation's time zone. */
const startOf = (day: string | null) => (day === null ? null : sql`(${day}::date)::timestamp at time zone ${FEDERATION_TIME_ZONE}`);
/** The last moment of day `day` in the federation's time zone (inclusive: the next day's start less a microsecond). */
const endOf = (day: string | null) => (day === null ? null : sql`((${day}::date + 1)::timestamp at time zone ${FEDERATION_TIME_ZONE}) - interval '1 microsecond'`);

/** The row's columns from the contract's output. */
function columns(input: PromoCodeInput) {
  return {
    code: input.code,
    kind: input.kind,
    value: input.value,
    validFrom: startOf(input.validFrom),
    validTo: endOf(input.validTo),
    maxUses: input.maxUses,
    maxUsesPerBuyer: input.maxUsesPerBuyer,
    appliesTo: [...input.appliesTo],
    organizationId: input.organizationId,
    eventId: input.eventId,
  };
}

/** `not_found` unless the organization or event the code names exists. */
async function assertTargets(tx: Tx, input: PromoCodeInput): Promise<void> {
  if (input.organizationId !== null && !(await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, input.organizationId))).length) {
    throw new AppError('invalid_organization_id', 'The provided organization id is invalid');
  }
  if (input.eventId !== null && !(await tx.select({ id: events.id }).from(events).where(eq(events.id, input.eventId))).length) {
    throw new AppError('invalid_event_id', 'The provided event id is invalid');
  }
}

/** A unique violation on the code as `promo_code_exists`. */
function clash(err: unknown): never {
  if (isUniqueViolation(err, 'promo_codes_code_uq')) throw new AppError('promo_code_exists');
  throw err;
}

/**
 * Creates a promo code. Returns its id.
 * @throws AppError `unauthenticated`, `forbidden`; `promo_code_exists` (409: the same code in any case);
 *   `invalid_organization_id` / `invalid_event_id` (400: unknown).
 */
export async function createPromoCode(viewer: Viewer, input: PromoCodeInput): Promise<number> {
  assertMembershipAdmin(viewer);
  return getDb()
    .transaction(async (tx) => {
      await assertTargets(tx, input);
      const [row] = await tx.insert(promoCodes).values(columns(input)).returning({ id: promoCodes.id });
      return row!.id;
    })
    .catch(clash);
}

/**
 * Replaces the fields of promo code `id`.
 * @throws AppError `unauthenticated`, `forbidden`; `not_found`; `promo_code_exists` (409);
 *   `promo_code_used` (409: an order names it and its kind or value would change);
 *   `invalid_organization_id` / `invalid_event_id`.
 */
export async function updatePromoCode(viewer: Viewer, id: number, input: PromoCodeInput): Promise<void> {
  assertMembershipAdmin(viewer);
  await getDb()
    .transaction(async (tx) => {
      const [current] = await tx.select({ kind: promoCodes.kind, value: promoCodes.value }).from(promoCodes).where(eq(promoCodes.id, id)).for('update');
      if (!current) throw new AppError('not_found');
      if (current.kind !== input.kind || current.value !== input.value) {
        const [named] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.promoCodeId, id)).limit(1);
        if (named) throw new AppError('promo_code_used');
      }
      await assertTargets(tx, input);
      await tx.update(promoCodes).set(columns(input)).where(eq(promoCodes.id, id));
    })
    .catch(clash);
}
