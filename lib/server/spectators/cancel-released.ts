/**
 * A released hold cancels its spectator registration (issue 28 "the registration ends complete or
 * canceled", "Capacity per event day: holds during checkout"; spec §4 Spectator registration): in
 * the release's transaction (the hold sweeper, a provider's expiry, staff), the spectator
 * registration of each released order — open during a card checkout, or complete with tickets
 * reserved unpaid at the gate — becomes `canceled`, ended at the release's moment, so its places
 * go back to the day. Called beside the event entries' own cancelling
 * (lib/server/registrations/cancel-released-entries.ts).
 *
 * No `server-only` marker: the hold sweeper (lib/server/jobs/sweep-holds.ts) runs it under plain Node.
 */
import { and, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db';
import { orderReleases, spectatorRegistrations } from '../db/schema';

/**
 * Cancels the spectator registrations of released orders `orderIds` (see the module's docstring).
 * @returns the events whose registrations were canceled (their `event:{id}` tags to revalidate once `tx` committed).
 */
export async function cancelReleasedSpectatorRegistrations(tx: Tx, orderIds: readonly number[]): Promise<number[]> {
  if (orderIds.length === 0) return [];
  const canceled = await tx
    .update(spectatorRegistrations)
    .set({ state: 'canceled', endedAt: sql`(select ${orderReleases.at} from ${orderReleases} where ${orderReleases.orderId} = ${spectatorRegistrations.orderId})` })
    .where(
      and(
        inArray(spectatorRegistrations.state, ['open', 'complete']),
        inArray(spectatorRegistrations.orderId, tx.select({ id: orderReleases.orderId }).from(orderReleases).where(inArray(orderReleases.orderId, [...orderIds]))),
      ),
    )
    .returning({ eventId: spectatorRegistrations.eventId });
  return [...new Set(canceled.map((r) => r.eventId))];
}
