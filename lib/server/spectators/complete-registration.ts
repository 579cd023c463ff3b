/**
 * A paid order completes its spectator registration (issue 28 "the registration ends complete or
 * canceled"; spec §4 Spectator registration): in the transaction that paid the order (a card
 * payment's webhook, staff at the gate, an order of 0 cents), its registration, still open,
 * becomes `complete`, ended at the payment's moment. Safe to run twice (a complete or canceled
 * one is left as it is). A registration paying at the gate is completed when its order is made
 * (./submit-registration.ts).
 *
 * No `server-only` marker: it may run in a payment's fulfilment under plain Node.
 */
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db';
import { spectatorRegistrations } from '../db/schema';

/**
 * Completes the open spectator registration of order `orderId` at `now` (see the module's docstring).
 * @returns the ids of the registrations completed by this call.
 */
export async function completeSpectatorRegistration(tx: Tx, orderId: number, now: Date): Promise<string[]> {
  const done = await tx
    .update(spectatorRegistrations)
    .set({ state: 'complete', endedAt: now })
    .where(and(eq(spectatorRegistrations.orderId, orderId), eq(spectatorRegistrations.state, 'open')))
    .returning({ id: spectatorRegistrations.id });
  return done.map((r) => r.id);
}
