/**
 * Issuing an order's tickets (issue 28 "A ticket per spectator, issued only when the order is
 * paid, or reserved-unpaid when paying at the gate … the ticket goes by email with the waiver
 * PDFs"; spec §3 Spectator and Transaction). Called in the transaction that paid the order (the
 * checkout's `fulfilOrder`: a Stripe webhook, staff marking it paid, an order of 0 cents) and by
 * the spectator registration when the buyer chose to pay at the gate (the order reserved, unpaid).
 *
 * Each ticket line gets the spectator the rule of ./match-ticket-lines.ts pairs it with, and that
 * spectator one `tickets` row (`spectator_id` is unique: `on conflict do nothing`). When this run
 * issued at least one ticket, ONE `send-email` job is enqueued in the same transaction to the
 * buyer (the registration's login) in the registration's language, with every ticket of the
 * order (its QR code: ./ticket-code.ts) and the spectators' signed waiver PDFs; a run that issued
 * nothing (run again: a webhook delivered twice, the gate payment of tickets reserved earlier)
 * writes and sends nothing, so the buyer gets one email per order. A rolled-back transaction
 * leaves neither ticket nor mail.
 */
import 'server-only';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { LOCALES, type Locale } from '../../config';
import type { Tx } from '../db';
import { events, orders, spectatorRegistrations, tickets, users, waiverDocuments } from '../db/schema';
import { outboxFileName } from '../email';
import { enqueue } from '../jobs/enqueue';
import { factsOf, orderRecords } from '../checkout/order-record';
import { orderSummary } from '../checkout/order-state';
import { getReceiptBrand } from '../checkout/receipts/get-receipt-brand';
import { loadWaiver } from '../waivers/load-waiver';
import { renderWaiverPdf } from '../waivers/render-waiver-pdf';
import { waiverFileName } from '../waivers/waiver-mail';
import { orderTicketHolders } from './order-spectators';
import { ticketCode } from './ticket-code';
import { ticketMail } from './ticket-mail';

/** What issuing did: the tickets created by this run, and the mail's job (null: nothing new, or the buyer has no email). */
export interface IssuedTickets {
  /** `tickets.id` of each ticket this run created (empty when run again). */
  issued: string[];
  /** Every ticket of the order, this run's and earlier ones. */
  all: { id: string; spectatorId: string; eventId: number; day: string; orderLineId: number }[];
  jobId: string | null;
  /** The .eml file name the job writes (null without a job). */
  file: string | null;
}

const asLocale = (value: string | null | undefined): Locale => ((LOCALES as readonly string[]).includes(value ?? '') ? (value as Locale) : 'en');

/**
 * Issues the tickets of order `orderId` at `now` in `tx` (see the module's docstring).
 * @throws Error when a waiver PDF cannot be drawn or the job not stored (`tx` then rolls back).
 */
export async function issueTicketsForOrder(tx: Tx, orderId: number, options: { now?: Date } = {}): Promise<IssuedTickets> {
  const now = options.now ?? new Date();
  const holders = await orderTicketHolders(tx, orderId);
  if (holders.length === 0) return { issued: [], all: [], jobId: null, file: null };
  const created = await tx
    .insert(tickets)
    .values(holders.map(({ lineId, spectator }) => ({ spectatorId: spectator.id, eventId: spectator.eventId, day: spectator.day, orderLineId: lineId, createdAt: now })))
    .onConflictDoNothing({ target: tickets.spectatorId })
    .returning({ id: tickets.id });
  const spectatorIds = holders.map((h) => h.spectator.id);
  const all = await tx
    .select({ id: tickets.id, spectatorId: tickets.spectatorId, eventId: tickets.eventId, day: tickets.day, orderLineId: tickets.orderLineId })
    .from(tickets)
    .where(inArray(tickets.spectatorId, spectatorIds));
  if (created.length === 0) return { issued: [], all, jobId: null, file: null };

  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  const [registration] = await tx
    .select({ buyerUserId: spectatorRegistrations.buyerUserId, locale: spectatorRegistrations.locale, eventName: events.name, email: users.email, userName: users.name })
    .from(spectatorRegistrations)
    .innerJoin(events, eq(events.id, spectatorRegistrations.eventId))
    .leftJoin(users, eq(users.id, spectatorRegistrations.buyerUserId))
    .where(eq(spectatorRegistrations.id, holders[0]!.spectator.registrationId));
  const file = outboxFileName(now, `tickets-${order!.publicId.slice(0, 8)}`);
  if (!registration?.email) return { issued: created.map((c) => c.id), all, jobId: null, file: null };
  const locale = asLocale(registration.locale);
  const summary = orderSummary(factsOf(order!, await orderRecords(tx, orderId)), now);
  const bySpectator = new Map(all.map((x) => [x.spectatorId, x]));
  const brand = await getReceiptBrand(locale);

  const mailed = [];
  const waivers = [];
  for (const { spectator } of holders) {
    const ticket = bySpectator.get(spectator.id);
    if (!ticket) continue;
    mailed.push({ id: ticket.id, code: await ticketCode(ticket), name: `${spectator.firstName} ${spectator.lastName}`.trim(), day: ticket.day });
    const [latest] = await tx
      .select({ id: waiverDocuments.id, state: waiverDocuments.state })
      .from(waiverDocuments)
      .where(and(eq(waiverDocuments.spectatorId, spectator.id), eq(waiverDocuments.kind, 'spectator')))
      .orderBy(desc(waiverDocuments.signedAt))
      .limit(1);
    if (latest?.state !== 'signed') continue;
    const doc = await loadWaiver(latest.id, tx);
    if (doc) waivers.push({ fileName: waiverFileName(doc.id), pdf: await renderWaiverPdf({ ...doc, locale: asLocale(doc.locale) }, brand) });
  }
  const mail = await ticketMail({
    locale,
    to: { name: registration.userName ?? '', email: registration.email },
    eventName: registration.eventName,
    tickets: mailed,
    dueCents: summary.state === 'reserved' || summary.state === 'expired' ? summary.dueCents : 0,
    waivers,
    siteName: brand.name,
  });
  const jobId = await enqueue(tx, 'send-email', { mail, file });
  return { issued: created.map((c) => c.id), all, jobId, file };
}
