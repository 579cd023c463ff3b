/**
 * Giving a ticket to someone else (issue 28 "Refunds and transfers: … a ticket given to another
 * person needs that person's waiver before it scans"; spec §3 Spectator, §4 Spectator
 * registration and Waiver, §5 Spectator). The buyer of a complete registration (anyone else:
 * `spectator_not_found`, as on the thank-you page) names the new holder — an adult on the
 * ticket's day (`adults_only`) with their own email — for one of its tickets.
 *
 * In one transaction, under the event day's lock (lib/server/tickets `lockTicketDay`) and the old
 * ticket's row lock:
 * - the old ticket must be of this registration, not voided (its line or order refunded, or given
 *   already), not admitted at the gate, and its day not past (the federation's calendar):
 *   else `ticket_not_transferable`;
 * - the new holder must not be a spectator of that event day already ('Spectator already
 *   registered'; the old holder no longer counts once their ticket is given), must not be a
 *   promoter's login (spec §6), and their price on the day (the event's age bands,
 *   `ticketPriceCents`) must be the old ticket's order line's unit price (`ticket_transfer_price`:
 *   nothing is charged or refunded here);
 * - written: the new holder's `spectators` row (same registration, event and day; linked to the
 *   login of that email, if any), their `tickets` row on the same order line, and the
 *   `ticket_transfers` row (append-only; its id is the form's `transferId`). From then on the old
 *   ticket is voided everywhere (lib/server/tickets/ticket-status.ts) and the new one scans
 *   `waiver_missing` until the new holder signs;
 * - two `send-email` jobs to the new holder, in the registration's language, enqueued in the same
 *   transaction (a rollback sends nothing): the link to sign their waiver
 *   (`/waiver/{signingId}`, ./send-waiver-link.ts) and their ticket with its QR code
 *   (lib/server/tickets `ticketMail`).
 *
 * Idempotent: a `transferId` already recorded answers that transfer's new ticket and spectator
 * (`created: false`) and writes nothing. Two transfers of one ticket at once: the row lock makes
 * the second wait, then find the first (`ticket_not_transferable`); the unique `from_ticket_id`
 * backs that up. No audit trail: the spectator module keeps none; the `ticket_transfers` row
 * (who, when) is the record.
 */
import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ticketPriceCents } from '../../contracts/spectator-settings';
import { transferTicketInput, type TicketTransferResult, type TransferTicketInput } from '../../contracts/spectators';
import { AppError } from '../../errors';
import { isUniqueViolation } from '../accounts/create-account';
import { factsOf, orderRecords } from '../checkout/order-record';
import { orderSummary } from '../checkout/order-state';
import { getReceiptBrand } from '../checkout/receipts/get-receipt-brand';
import { getDb, type Db, type Tx } from '../db';
import { orderLines, orders, spectators, ticketScans, ticketTransfers, tickets, users } from '../db/schema';
import { outboxFileName } from '../email';
import { enqueue } from '../jobs/enqueue';
import type { Viewer } from '../policy';
import { lockTicketDay } from '../tickets/day-capacity';
import { ticketCode } from '../tickets/ticket-code';
import { ticketMail } from '../tickets/ticket-mail';
import { ticketStanding } from '../tickets/ticket-status';
import { isAdultOn, spectatorAge } from './rules';
import { waiverLink, waiverLinkMail } from './send-waiver-link';
import { asLocale, assertPersonFree, isUuid, liveSpectators, loadTicketEvent, ownRegistration, parseSpectatorInput, todayOf } from './spectator-context';

/** The transfer `transferId` as recorded, when it gave a ticket of registration `registrationId` (else null). */
async function recordedTransfer(db: Db | Tx, transferId: string, registrationId: string): Promise<{ fromTicketId: string; result: TicketTransferResult } | null> {
  const [row] = await db
    .select({ fromTicketId: ticketTransfers.fromTicketId, ticketId: ticketTransfers.toTicketId, spectatorId: ticketTransfers.toSpectatorId, registrationId: spectators.registrationId })
    .from(ticketTransfers)
    .innerJoin(spectators, eq(spectators.id, ticketTransfers.toSpectatorId))
    .where(eq(ticketTransfers.id, transferId));
  if (!row) return null;
  if (row.registrationId !== registrationId) throw new AppError('ticket_not_transferable');
  return { fromTicketId: row.fromTicketId, result: { ticketId: row.ticketId, spectatorId: row.spectatorId, created: false } };
}

/** The answer for a recorded transfer `recorded` asked again for ticket `ticketId` (another ticket with the same id: `ticket_not_transferable`). */
function repeated(recorded: { fromTicketId: string; result: TicketTransferResult }, ticketId: string): TicketTransferResult {
  if (recorded.fromTicketId !== ticketId.toLowerCase()) throw new AppError('ticket_not_transferable');
  return recorded.result;
}

/**
 * Gives ticket `ticketId` of registration `registrationId` of buyer `viewer` to the person of
 * `raw` at `options.now` (see the module's docstring).
 * @returns the new holder's ticket and spectator; `created` false when `raw.transferId` was recorded before.
 * @throws AppError `null_entries` and the fields' codes (`invalid_transfer_id`, `invalid_email`…);
 *   `unauthenticated`; `spectator_not_found` (unknown registration, or not the viewer's);
 *   `adults_only`; `ticket_not_transferable`; `spectator_already_registered`;
 *   `promoters_not_allowed`; `ticket_transfer_price`.
 */
export async function transferTicket(viewer: Viewer, registrationId: string, ticketId: string, raw: TransferTicketInput, options: { now?: Date } = {}): Promise<TicketTransferResult> {
  const parsed = parseSpectatorInput(transferTicketInput, raw);
  if (!parsed.email) throw new AppError('null_email');
  const input: Person = { ...parsed, email: parsed.email };
  const now = options.now ?? new Date();
  const registration = await ownRegistration(viewer, registrationId);
  const before = await recordedTransfer(getDb(), input.transferId, registration.id);
  if (before) return repeated(before, ticketId);
  if (!isUuid(ticketId)) throw new AppError('ticket_not_transferable');
  if (input.birthday > todayOf(now)) throw new AppError('invalid_birthday');
  if (!isAdultOn(input.birthday, registration.day)) throw new AppError('adults_only');
  try {
    return await getDb().transaction((tx) => transferIn(tx, viewer, registration.id, ticketId.toLowerCase(), input, now));
  } catch (err) {
    // A twin of this transfer (same id) or another transfer of this ticket committed first.
    if (isUniqueViolation(err)) {
      const recorded = await recordedTransfer(getDb(), input.transferId, registration.id);
      if (recorded) return repeated(recorded, ticketId);
      throw new AppError('ticket_not_transferable');
    }
    throw err;
  }
}

/** The new holder as checked (their email required). */
type Person = z.output<typeof transferTicketInput> & { email: string };

/** The transfer itself, in `tx` (see the module's docstring). */
async function transferIn(tx: Tx, viewer: Viewer, registrationId: string, ticketId: string, person: Person, now: Date): Promise<TicketTransferResult> {
  const registration = await ownRegistration(viewer, registrationId, tx);
  const userId = viewer!.userId;
  await lockTicketDay(tx, registration.eventId, registration.day);
  const [old] = await tx.select().from(tickets).where(eq(tickets.id, ticketId)).for('update');
  // The same transfer that committed while this one waited for the locks.
  const twin = await recordedTransfer(tx, person.transferId, registration.id);
  if (twin) return repeated(twin, ticketId);
  if (registration.state !== 'complete' || !old) throw new AppError('ticket_not_transferable');
  const [holder] = await tx.select({ registrationId: spectators.registrationId }).from(spectators).where(eq(spectators.id, old.spectatorId));
  if (holder?.registrationId !== registration.id || old.day < todayOf(now)) throw new AppError('ticket_not_transferable');

  const [line] = await tx.select().from(orderLines).where(eq(orderLines.id, old.orderLineId));
  const [order] = await tx.select().from(orders).where(eq(orders.id, line!.orderId));
  const records = await orderRecords(tx, order!.id);
  const [given] = await tx.select({ id: ticketTransfers.id }).from(ticketTransfers).where(eq(ticketTransfers.fromTicketId, old.id));
  const standing = ticketStanding(line!.id, factsOf(order!, records), records.refunds.map((r) => r.idempotencyKey), now, given !== undefined);
  if (standing.state === 'voided') throw new AppError('ticket_not_transferable');
  const [admitted] = await tx.select({ id: ticketScans.id }).from(ticketScans).where(and(eq(ticketScans.ticketId, old.id), eq(ticketScans.result, 'admitted'))).limit(1);
  if (admitted) throw new AppError('ticket_not_transferable');

  const event = (await loadTicketEvent(registration.eventId, tx))!;
  await assertPersonFree(tx, registration.eventId, old.day, person);
  const [account] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(sql`lower(${users.email})`, person.email));
  if (account?.role === 'promoter') throw new AppError('promoters_not_allowed');
  if (ticketPriceCents(event.settings, spectatorAge(person.birthday, old.day)) !== line!.unitCents) throw new AppError('ticket_transfer_price');

  const [spectator] = await tx
    .insert(spectators)
    .values({
      registrationId: registration.id,
      eventId: registration.eventId,
      day: old.day,
      firstName: person.firstName,
      lastName: person.lastName,
      gender: person.gender,
      birthday: person.birthday,
      email: person.email,
      isBuyer: false,
      userId: account?.id ?? null,
      createdAt: now,
    })
    .returning({ id: spectators.id, signingId: spectators.signingId });
  const [ticket] = await tx
    .insert(tickets)
    .values({ spectatorId: spectator!.id, eventId: old.eventId, day: old.day, orderLineId: old.orderLineId, createdAt: now })
    .returning({ id: tickets.id, eventId: tickets.eventId, day: tickets.day });
  await tx.insert(ticketTransfers).values({ id: person.transferId, fromTicketId: old.id, toTicketId: ticket!.id, toSpectatorId: spectator!.id, byUserId: userId, createdAt: now });

  // The new holder's two mails, sent once this commits.
  const locale = asLocale(registration.locale);
  const to = { name: `${person.firstName} ${person.lastName}`, email: person.email };
  const buyer = (await liveSpectators(tx, registration.id)).find((s) => s.isBuyer);
  const link = await waiverLinkMail({
    locale,
    to,
    buyer: buyer ? `${buyer.firstName} ${buyer.lastName}`.trim() : '',
    eventName: event.name,
    day: old.day,
    link: waiverLink(spectator!.signingId, locale),
  });
  await enqueue(tx, 'send-email', { mail: link, file: outboxFileName(now, `waiver-link-${randomUUID()}`) });
  const summary = orderSummary(factsOf(order!, records), now);
  const brand = await getReceiptBrand(locale);
  const mail = await ticketMail({
    locale,
    to,
    eventName: event.name,
    tickets: [{ id: ticket!.id, code: await ticketCode(ticket!), name: to.name, day: ticket!.day }],
    dueCents: summary.state === 'reserved' || summary.state === 'expired' ? summary.dueCents : 0,
    waivers: [],
    siteName: brand.name,
  });
  await enqueue(tx, 'send-email', { mail, file: outboxFileName(now, `ticket-transfer-${ticket!.id.slice(0, 8)}`) });
  return { ticketId: ticket!.id, spectatorId: spectator!.id, created: true };
}
