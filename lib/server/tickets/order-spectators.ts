/**
 * The spectators an order's tickets are for (issue 28; spec §3 Spectator and Transaction): the
 * rule of ./match-ticket-lines.ts read from the database. `ticketSpectatorsOf` is the order the
 * spectator registration writes its ticket lines in (one line per spectator, in this order).
 *
 * A person a ticket was given to (issue 28 "a ticket given to another person": a
 * `ticket_transfers` row's `to_spectator_id`) is a spectator of the same registration without an
 * order line of their own (their ticket shares the line of the ticket given away): they are left
 * out here, so the pairing of lines and spectators stays the one made when the order was paid and
 * issuing again (a webhook delivered twice) issues nothing new.
 */
import 'server-only';
import { and, asc, eq, inArray, isNull, notExists } from 'drizzle-orm';
import type { Tx } from '../db';
import { orderLines, spectatorRegistrations, spectators, ticketTransfers } from '../db/schema';
import { matchTicketLines } from './match-ticket-lines';

/** A spectator as a ticket needs it. */
export type TicketSpectator = Pick<typeof spectators.$inferSelect, 'id' | 'registrationId' | 'eventId' | 'day' | 'firstName' | 'lastName' | 'email' | 'isBuyer'>;

const columns = {
  id: spectators.id,
  registrationId: spectators.registrationId,
  eventId: spectators.eventId,
  day: spectators.day,
  firstName: spectators.firstName,
  lastName: spectators.lastName,
  email: spectators.email,
  isBuyer: spectators.isBuyer,
};

/** Not a person a ticket was given to (they have no order line of their own). */
const notTransferredIn = (tx: Tx) => notExists(tx.select({ one: ticketTransfers.id }).from(ticketTransfers).where(eq(ticketTransfers.toSpectatorId, spectators.id)));

/** The live (not removed) spectators of registration `registrationId` who have an order line, in the registration's order (`created_at`, then `id`). */
export async function ticketSpectatorsOf(tx: Tx, registrationId: string): Promise<TicketSpectator[]> {
  return tx
    .select(columns)
    .from(spectators)
    .where(and(eq(spectators.registrationId, registrationId), isNull(spectators.removedAt), notTransferredIn(tx)))
    .orderBy(asc(spectators.createdAt), asc(spectators.id));
}

/** The live spectators of the registration(s) paid by order `orderId` who have an order line (not given a ticket), in the registrations' then their own order. */
export async function orderSpectators(tx: Tx, orderId: number): Promise<TicketSpectator[]> {
  const regs = await tx.select({ id: spectatorRegistrations.id }).from(spectatorRegistrations).where(eq(spectatorRegistrations.orderId, orderId)).orderBy(asc(spectatorRegistrations.createdAt), asc(spectatorRegistrations.id));
  if (regs.length === 0) return [];
  return tx
    .select(columns)
    .from(spectators)
    .innerJoin(spectatorRegistrations, eq(spectatorRegistrations.id, spectators.registrationId))
    .where(and(inArray(spectators.registrationId, regs.map((r) => r.id)), isNull(spectators.removedAt), notTransferredIn(tx)))
    .orderBy(asc(spectatorRegistrations.createdAt), asc(spectatorRegistrations.id), asc(spectators.createdAt), asc(spectators.id));
}

/** Each ticket line of order `orderId` with the spectator it is for (./match-ticket-lines.ts). */
export async function orderTicketHolders(tx: Tx, orderId: number): Promise<{ lineId: number; spectator: TicketSpectator }[]> {
  const lines = await tx
    .select({ id: orderLines.id, quantity: orderLines.quantity })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.kind, 'ticket')))
    .orderBy(asc(orderLines.id));
  if (lines.length === 0) return [];
  return matchTicketLines(lines, await orderSpectators(tx, orderId));
}
