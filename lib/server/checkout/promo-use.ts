/**
 * When an order counts as a use of its promo code (issue 26 "promo codes (… usage limits …)"):
 * it has a kept payment, it cost 0 cents (paid from its creation), or its hold has neither ended
 * at `at` nor been released. The one rule the buyer's checkout (`createOrder`: a code used up is
 * refused) and the admin's list of codes (uses so far) count with.
 */
import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { orderReleases, orders, payments } from '../db/schema';

/**
 * A SQL condition on the row of `orders` in scope: true when that order uses its promo code at
 * `at` (a moment; default the database's `now()`).
 */
export function orderUsesPromo(at?: Date): SQL {
  const moment = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  return sql`(exists (select 1 from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.disposition} = 'keep')
    or ${orders.totalCents} = 0
    or (${orders.holdExpiresAt} > ${moment} and not exists (select 1 from ${orderReleases} where ${orderReleases.orderId} = ${orders.id})))`;
}
