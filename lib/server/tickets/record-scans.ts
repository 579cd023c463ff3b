/**
 * The gate's scans (issue 28 "one scan admits once (a second scan says when and at which gate it
 * was used); an unpaid ticket is paid at the scan; a missing waiver is signed there … keeps
 * scanning without a connection and reconciles when it returns (a ticket scanned twice offline is
 * reported, not hidden)"; pretix's check-in reason codes). A batch of scans a device made, oldest
 * first, each judged and recorded in its own transaction, each answered on its own.
 *
 * A scan's result, the first that applies:
 * 1. `invalid`: the code's signature is not ours (forged, altered, unreadable: ./ticket-code.ts), or it names no ticket;
 * 2. `wrong_event`: a ticket of another event than the gate's;
 * 3. `wrong_day`: the ticket's day is not the scan's day (the calendar day of the scan's `at` in the federation's time zone);
 * 4. `voided`: its order line or its whole order was refunded, or its buyer gave it to someone
 *    else (a `ticket_transfers` row: the new holder has their own code) (./ticket-status.ts);
 * 5. `unpaid`: its order is not paid (the reply names the order and what is due, so the gate takes
 *    the payment — ./pay-ticket-at-gate.ts — and scans again);
 * 6. `waiver_missing`: the spectator's latest spectator waiver is not signed;
 * 7. `already_used`: the ticket was admitted before (the reply says when and at which gate);
 * 8. `admitted`: recorded under the unique index that allows one `admitted` row per ticket: when
 *    two gates scan the same ticket at once, the second insert finds the first and answers
 *    `already_used`.
 *
 * Every scan is a `ticket_scans` row (append-only), the refused ones too. The device's scan id is
 * unique: a scan sent again (a reply lost offline) records nothing more and answers its first
 * result again (`duplicate`). An offline scan that finds its ticket already admitted by another
 * scan is recorded `already_used` and reported with `conflict: true` and both gates and times:
 * the device let someone in whom the server had admitted elsewhere.
 */
import 'server-only';
import { and, desc, eq, ne } from 'drizzle-orm';
import { ticketScanBatch, type TicketScan } from '../../contracts/tickets';
import type { TicketScanReply, TicketScanResult, TicketScanSyncResult } from '../../contracts/ticket-scans';
import { federationDate } from '../../format';
import { factsOf, orderRecords } from '../checkout/order-record';
import { getDb, type Tx } from '../db';
import { orderLines, orders, spectators, ticketScans, ticketTransfers, tickets, waiverDocuments } from '../db/schema';
import type { Viewer } from '../policy';
import { parseInput } from '../registrations/registration-context';
import { gateEvent, type GateEvent } from './gate-event';
import { verifyTicketCode } from './ticket-code';
import { ticketStanding } from './ticket-status';

type ScanRow = typeof ticketScans.$inferSelect;

/** The ticket a code names, with its spectator and order. */
async function loadTicket(tx: Tx, ticketId: string) {
  const [row] = await tx
    .select({
      id: tickets.id,
      eventId: tickets.eventId,
      day: tickets.day,
      lineId: tickets.orderLineId,
      spectatorId: tickets.spectatorId,
      firstName: spectators.firstName,
      lastName: spectators.lastName,
      orderId: orderLines.orderId,
    })
    .from(tickets)
    .innerJoin(spectators, eq(spectators.id, tickets.spectatorId))
    .innerJoin(orderLines, eq(orderLines.id, tickets.orderLineId))
    .where(eq(tickets.id, ticketId));
  return row ?? null;
}
type LoadedTicket = NonNullable<Awaited<ReturnType<typeof loadTicket>>>;

/** The ticket's order standing now (voided, unpaid with what is due and the order's public id, or paid). */
async function standingOf(tx: Tx, ticket: LoadedTicket, now: Date) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, ticket.orderId));
  const records = await orderRecords(tx, order!.id);
  const [transfer] = await tx.select({ id: ticketTransfers.id }).from(ticketTransfers).where(eq(ticketTransfers.fromTicketId, ticket.id)).limit(1);
  return { publicId: order!.publicId, standing: ticketStanding(ticket.lineId, factsOf(order!, records), records.refunds.map((r) => r.idempotencyKey), now, transfer !== undefined) };
}

/** Whether the spectator's latest spectator waiver is signed. */
async function waiverSigned(tx: Tx, spectatorId: string): Promise<boolean> {
  const [latest] = await tx
    .select({ state: waiverDocuments.state })
    .from(waiverDocuments)
    .where(and(eq(waiverDocuments.spectatorId, spectatorId), eq(waiverDocuments.kind, 'spectator')))
    .orderBy(desc(waiverDocuments.signedAt))
    .limit(1);
  return latest?.state === 'signed';
}

/** The admission of ticket `ticketId` (its `admitted` row), other than scan `exceptId`. */
async function admissionOf(tx: Tx, ticketId: string, exceptId?: number): Promise<ScanRow | null> {
  const [row] = await tx
    .select()
    .from(ticketScans)
    .where(and(eq(ticketScans.ticketId, ticketId), eq(ticketScans.result, 'admitted'), exceptId === undefined ? undefined : ne(ticketScans.id, exceptId)))
    .limit(1);
  return row ?? null;
}

/** The result `scan` gets now (steps 1 to 7 of the module's docstring; `admitted` when none applies) and the ticket it names. */
async function judge(tx: Tx, event: GateEvent, scan: TicketScan, now: Date): Promise<{ result: TicketScanResult; ticket: LoadedTicket | null }> {
  const claims = await verifyTicketCode(scan.code);
  const ticket = claims ? await loadTicket(tx, claims.tid) : null;
  if (!ticket || ticket.eventId !== claims!.eid) return { result: 'invalid', ticket: null };
  if (ticket.eventId !== event.id) return { result: 'wrong_event', ticket };
  if (ticket.day !== federationDate(new Date(scan.at))) return { result: 'wrong_day', ticket };
  const { standing } = await standingOf(tx, ticket, now);
  if (standing.state === 'voided') return { result: 'voided', ticket };
  if (standing.state === 'unpaid') return { result: 'unpaid', ticket };
  if (!(await waiverSigned(tx, ticket.spectatorId))) return { result: 'waiver_missing', ticket };
  if (await admissionOf(tx, ticket.id)) return { result: 'already_used', ticket };
  return { result: 'admitted', ticket };
}

/** The reply for recorded scan `row` (its ticket's name and day; when it was used; what is due). */
async function replyFor(tx: Tx, row: ScanRow, duplicate: boolean, now: Date): Promise<TicketScanReply> {
  const ticket = row.ticketId ? await loadTicket(tx, row.ticketId) : null;
  const reply: TicketScanReply = {
    id: row.deviceScanId,
    result: row.result,
    duplicate,
    ticketId: ticket?.id ?? null,
    spectatorId: ticket?.spectatorId ?? null,
    name: ticket ? `${ticket.firstName} ${ticket.lastName}`.trim() : null,
    day: ticket?.day ?? null,
    gate: row.gate,
    scannedAt: row.scannedAt.toISOString(),
  };
  if (row.result === 'already_used' && ticket) {
    const admission = await admissionOf(tx, ticket.id, row.id);
    if (admission) {
      reply.usedAt = admission.scannedAt.toISOString();
      reply.usedGate = admission.gate;
    }
    reply.conflict = row.offline;
  }
  if (row.result === 'unpaid' && ticket) {
    const { publicId, standing } = await standingOf(tx, ticket, now);
    reply.order = publicId;
    reply.dueCents = standing.state === 'unpaid' ? standing.dueCents : 0;
  }
  return reply;
}

/** Judges and records one scan in its own transaction (see the module's docstring). */
async function recordScan(viewerId: string, event: GateEvent, scan: TicketScan): Promise<TicketScanReply> {
  return getDb().transaction(async (tx) => {
    const now = new Date();
    const [seen] = await tx.select().from(ticketScans).where(eq(ticketScans.deviceScanId, scan.id));
    if (seen) return replyFor(tx, seen, true, now);
    const { result, ticket } = await judge(tx, event, scan, now);
    const values = { ticketId: ticket?.id ?? null, eventId: event.id, deviceScanId: scan.id, gate: scan.gate, scannedAt: new Date(scan.at), scannedBy: viewerId, offline: scan.offline, recordedAt: now };
    // Any unique index may stop it: this scan id recorded meanwhile, or (for `admitted`) another gate's admission.
    const [row] = await tx.insert(ticketScans).values({ ...values, result }).onConflictDoNothing().returning();
    if (row) return replyFor(tx, row, false, now);
    const [same] = await tx.select().from(ticketScans).where(eq(ticketScans.deviceScanId, scan.id));
    if (same) return replyFor(tx, same, true, now);
    // Two gates at once: the other admission won; this scan is recorded as a second use.
    const [used] = await tx.insert(ticketScans).values({ ...values, result: 'already_used' }).returning();
    return replyFor(tx, used!, false, now);
  });
}

/**
 * Records the scans of batch `raw` (a `TicketScanBatch`) at event `eventId`'s gate for `viewer`;
 * see the module's docstring.
 * @returns each scan's reply, in the order sent.
 * @throws AppError `unauthenticated`; `not_found` (no such event, or not the viewer's to scan);
 *   `invalid_request`, `invalid_gate` (a malformed batch: nothing is recorded).
 */
export async function recordScans(viewer: Viewer, eventId: number, raw: unknown): Promise<TicketScanSyncResult> {
  const { event, principal } = await gateEvent(viewer, eventId);
  const batch = parseInput(ticketScanBatch, raw);
  const results: TicketScanReply[] = [];
  for (const scan of batch.scans) results.push(await recordScan(principal.userId, event, scan));
  return { results };
}
