/**
 * The sweep of holds that ran out (issue 26 "Holds that expire … a session not paid by then is
 * expired at Stripe and released"): what the job queue's periodic job calls. Every order not paid
 * in full whose hold ended (`hold_expires_at` ≤ now) and that was not released yet gets its
 * `order_releases` row (reason `hold_expired`), in one statement that skips an order released
 * meanwhile. It answers the orders released, so the caller can expire their provider sessions
 * (Stripe's) in jobs of their own. Safe to run twice, and from several site instances at once.
 *
 * In the same transaction (issue 27 "Payment state"), the released orders' event registrations are
 * cancelled and their classes' waiting lists move (lib/server/registrations/cancel-released-entries.ts).
 *
 * No `server-only` marker: the `sweep-holds` job (lib/server/jobs/sweep-holds.ts) runs it in the
 * site's server under plain Node; it imports only the database and the checkout's pure lists.
 */
import { sql } from 'drizzle-orm';
import { getDb, type Tx } from '../db';
import { orderReleases, orders, payments } from '../db/schema';
import { cancelReleasedEntries } from '../registrations/cancel-released-entries';
import type { PaymentProvider } from './records';

/** An order whose hold the sweep released. */
export interface ReleasedOrder {
  orderId: number;
  publicId: string;
  provider: PaymentProvider;
}

/**
 * Releases up to `limit` (default 500) expired holds at `now` (default now), oldest first, in
 * `tx` when given.
 * @returns the orders released by this call (none twice across calls).
 */
export async function releaseExpiredHolds(options: { now?: Date; limit?: number; tx?: Tx } = {}): Promise<ReleasedOrder[]> {
  if (!options.tx) return getDb().transaction((tx) => releaseExpiredHolds({ ...options, tx }));
  const tx = options.tx;
  const at = options.now ?? new Date();
  const now = at.toISOString();
  const limit = Math.max(1, Math.floor(options.limit ?? 500));
  const result = await tx.execute<{ order_id: number; public_id: string; provider: PaymentProvider; event_id: number | null }>(sql`
    with due as (
      select ${orders.id} as id from ${orders}
      where ${orders.holdExpiresAt} <= ${now}::timestamptz
        and not exists (select 1 from ${orderReleases} where ${orderReleases.orderId} = ${orders.id})
        and coalesce((select sum(${payments.amountCents}) from ${payments} where ${payments.orderId} = ${orders.id}), 0) < ${orders.totalCents}
      order by ${orders.holdExpiresAt}, ${orders.id}
      limit ${limit}
    ), released as (
      insert into ${orderReleases} (order_id, at, reason)
      select id, ${now}::timestamptz, 'hold_expired' from due
      on conflict (order_id) do nothing
      returning order_id
    )
    select released.order_id, o.public_id, o.provider, o.event_id from released join ${orders} o on o.id = released.order_id order by released.order_id`);
  await cancelReleasedEntries(tx, result.rows.filter((r) => r.event_id !== null).map((r) => r.order_id), at);
  return result.rows.map((r) => ({ orderId: r.order_id, publicId: r.public_id, provider: r.provider }));
}
