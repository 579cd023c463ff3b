/**
 * The thank-you page's read (issue 28 "the thank-you page shows the tickets", "a ticket given to
 * another person"; spec §2 /thank-you-page/..., §3 Spectator): the buyer's registration
 * (`getSpectatorRegistration`: only theirs, anyone else's answers `spectator_not_found`) and the
 * tickets issued for its spectators, each with its signed code (`ticketCode`, what the QR code
 * carries), its short number, and its own standing (lib/server/tickets/ticket-status.ts): still to
 * pay at the gate (its order reserved or its hold ended), voided (its order or its line refunded,
 * or given to someone else: `transferredTo` names the new holder), else paid; whether the buyer
 * may still give it to someone else (./transfer-ticket.ts: the registration complete, the ticket
 * not voided, not admitted, its day not past); and, for a ticket given to this registration's new
 * holder, the email their waiver link went to while that waiver is not signed. No ticket yet while
 * a card payment waits for Stripe's webhook.
 *
 * The registration's `spectators` (the step-3 list: the people of the registration) include a
 * person a ticket was given to, with their waiver's state, after the one who gave it.
 */
import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { SpectatorRegistrationView } from '../../contracts/spectators';
import { factsOf, orderRecords } from '../checkout/order-record';
import { getDb, type Tx } from '../db';
import { orderLines, orders, ticketScans, ticketTransfers, tickets } from '../db/schema';
import type { Viewer } from '../policy';
import { getSpectatorRegistration } from './get-registration';
import { todayOf } from './spectator-context';
import { ticketCode } from '../tickets/ticket-code';
import { ticketNumber } from '../tickets/ticket-mail';
import { ticketStanding } from '../tickets/ticket-status';

/** One ticket as the page shows it. */
export interface ShownTicket {
  id: string;
  /** The short number printed under the code (first 8 hex digits of its id, upper case). */
  number: string;
  /** The signed code the QR code carries. */
  code: string;
  spectatorId: string;
  name: string;
  /** YYYY-MM-DD. */
  day: string;
  /** `unpaid`: to pay at the gate; `voided`: refunded or given to someone else; else `paid`. */
  standing: 'paid' | 'unpaid' | 'voided';
  /** The new holder's name when this ticket was given to someone else (then `voided`), else null. */
  transferredTo: string | null;
  /** Whether the buyer may still give it to someone else (./transfer-ticket.ts). */
  transferable: boolean;
  /** A ticket given to this holder whose waiver is not signed yet: the email their link went to; else null. */
  waiverLinkSentTo: string | null;
}

/**
 * Registration `registrationId` of buyer `viewer` with its tickets, in the spectators' order, at `options.now`.
 * @throws AppError `unauthenticated`; `spectator_not_found` (unknown, or not the buyer's).
 */
export async function registrationTickets(viewer: Viewer, registrationId: string, options: { now?: Date } = {}): Promise<{ registration: SpectatorRegistrationView; tickets: ShownTicket[] }> {
  const now = options.now ?? new Date();
  const registration = await getSpectatorRegistration(viewer, registrationId, { now });
  const ids = registration.spectators.map((s) => s.id);
  const db = getDb();
  const rows = ids.length
    ? await db
        .select({ id: tickets.id, spectatorId: tickets.spectatorId, eventId: tickets.eventId, day: tickets.day, lineId: tickets.orderLineId, orderId: orderLines.orderId })
        .from(tickets)
        .innerJoin(orderLines, eq(orderLines.id, tickets.orderLineId))
        .where(inArray(tickets.spectatorId, ids))
    : [];
  if (rows.length === 0) return { registration, tickets: [] };
  const ticketIds = rows.map((r) => r.id);
  const [given, received, admitted] = await Promise.all([
    db.select({ from: ticketTransfers.fromTicketId, to: ticketTransfers.toSpectatorId }).from(ticketTransfers).where(inArray(ticketTransfers.fromTicketId, ticketIds)),
    db.select({ spectatorId: ticketTransfers.toSpectatorId }).from(ticketTransfers).where(inArray(ticketTransfers.toSpectatorId, ids)),
    db.selectDistinct({ ticketId: ticketScans.ticketId }).from(ticketScans).where(and(inArray(ticketScans.ticketId, ticketIds), eq(ticketScans.result, 'admitted'))),
  ]);
  const givenTo = new Map(given.map((g) => [g.from, g.to]));
  const transferredIn = new Set(received.map((r) => r.spectatorId));
  const used = new Set(admitted.map((a) => a.ticketId));
  const people = new Map(registration.spectators.map((s) => [s.id, s]));
  const orderFacts = new Map<number, { facts: ReturnType<typeof factsOf>; refundKeys: string[] }>();
  for (const orderId of new Set(rows.map((r) => r.orderId))) {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    const records = await orderRecords(db as unknown as Tx, orderId);
    orderFacts.set(orderId, { facts: factsOf(order!, records), refundKeys: records.refunds.map((r) => r.idempotencyKey) });
  }
  const today = todayOf(now);
  const bySpectator = new Map(rows.map((r) => [r.spectatorId, r]));
  const shown: ShownTicket[] = [];
  for (const s of registration.spectators) {
    const row = bySpectator.get(s.id);
    if (!row) continue;
    const { facts, refundKeys } = orderFacts.get(row.orderId)!;
    const to = givenTo.get(row.id);
    const standing = ticketStanding(row.lineId, facts, refundKeys, now, to !== undefined).state;
    const holder = to ? people.get(to) : undefined;
    shown.push({
      id: row.id,
      number: ticketNumber(row.id),
      code: await ticketCode(row),
      spectatorId: s.id,
      name: `${s.firstName} ${s.lastName}`,
      day: row.day,
      standing,
      transferredTo: to ? (holder ? `${holder.firstName} ${holder.lastName}` : '') : null,
      transferable: registration.state === 'complete' && standing !== 'voided' && !used.has(row.id) && row.day >= today,
      waiverLinkSentTo: transferredIn.has(s.id) && s.waiver.state !== 'signed' ? s.email : null,
    });
  }
  return { registration, tickets: shown };
}
