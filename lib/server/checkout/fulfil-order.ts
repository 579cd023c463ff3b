/**
 * What a paid order gives (issue 26: "a membership is valid only once paid; the holder receives a
 * permanent member number"; DESIGN.md "fulfilment … is safe to run twice"): for each membership
 * line, the `memberships` row of its person, type and organization, for the period
 * `membershipPeriod` gives, numbered with the person's permanent member number. Runs in the
 * payment's transaction; a line already fulfilled (`memberships.order_line_id`, unique) is left
 * as it is, so running it again adds nothing. A one-event licence (a membership line naming its
 * event, type validity `event`; issue 27) is valid on the event's days.
 *
 * Entry lines (issue 27): a registration is paid when its order is; nothing is created. An entry
 * whose hold was released (its registration cancelled by the release) and whose late payment was
 * kept because its place was still free (`goodsStillFree`) gets its place back here
 * (lib/server/registrations/retake-entries.ts). Ticket lines (issue 28): each spectator of the
 * order gets their ticket, and the buyer one email with them all (lib/server/tickets
 * `issueTicketsForOrder`: once per spectator; run again, it issues and sends nothing).
 *
 * Last, the order's receipt is issued (receipts/issue-receipt.ts: its row once per order, its PDF
 * mailed to the buyer through a job enqueued in this transaction); run again, it issues nothing.
 */
import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { tags } from '../cache';
import type { Tx } from '../db';
import { events, membershipTypes, memberships, orderLines } from '../db/schema';
import { entriesStillFree, retakeEntries } from '../registrations/retake-entries';
import { ticketOrderStillFree } from '../tickets/day-capacity';
import { completeSpectatorRegistration } from '../spectators/complete-registration';
import { issueTicketsForOrder } from '../tickets/issue-tickets';
import { memberNumberFor } from './member-number';
import { membershipPeriod } from './membership-period';
import { issueReceipt, type IssuedReceipt } from './receipts/issue-receipt';

/** A membership a fulfilment created. */
export interface FulfilledMembership {
  membershipId: number;
  orderLineId: number;
  participantId: number;
  organizationId: number;
  /** The permanent member number, as printed on the card. */
  number: string;
  validFrom: string;
  validUntil: string;
}

/** What `fulfilOrder` did: the memberships it created and the cache tags to revalidate once the transaction committed. */
export interface Fulfilment {
  memberships: FulfilledMembership[];
  tags: string[];
  /** The receipt issued by this run (null: the order had one already). */
  receipt?: IssuedReceipt | null;
}

/**
 * Whether what order `orderId` reserved can still be given to it at `at` (default now; the
 * late-payment rule, `paymentAction`'s `goodsStillFree`): a membership is never sold out; an
 * entry whose registration the release cancelled is free when its class still has room (its row
 * locked until `tx` ends, so `fulfilOrder` takes that very place back: `entriesStillFree`).
 * Tickets (issue 28) are free when each event day they are for still has room for them under the
 * event's daily capacity (lib/server/tickets `ticketOrderStillFree`, the day's lock held until `tx` ends).
 */
export async function goodsStillFree(tx: Tx, orderId: number, at: Date = new Date()): Promise<boolean> {
  const lines = await tx.select({ kind: orderLines.kind }).from(orderLines).where(eq(orderLines.orderId, orderId));
  if (lines.some((line) => line.kind === 'ticket') && !(await ticketOrderStillFree(tx, orderId, at))) return false;
  return lines.some((line) => line.kind === 'entry') ? entriesStillFree(tx, orderId, at) : true;
}

/**
 * Creates what the paid order `orderId` gives (see the module's docstring), dated `now`.
 * Call it in the transaction that recorded the payment, with the order's row locked.
 */
export async function fulfilOrder(tx: Tx, orderId: number, now: Date): Promise<Fulfilment> {
  const lines = await tx
    .select({
      id: orderLines.id,
      participantId: orderLines.participantId,
      typeId: orderLines.membershipTypeId,
      classId: orderLines.classId,
      organizationId: membershipTypes.organizationId,
      validity: membershipTypes.validity,
      eventStart: events.startDate,
      eventEnd: events.endDate,
    })
    .from(orderLines)
    .innerJoin(membershipTypes, eq(membershipTypes.id, orderLines.membershipTypeId))
    .leftJoin(events, eq(events.id, orderLines.eventId))
    .leftJoin(memberships, eq(memberships.orderLineId, orderLines.id))
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.kind, 'membership'), isNull(memberships.id)))
    .orderBy(orderLines.id);
  const created: FulfilledMembership[] = [];
  for (const line of lines) {
    const participantId = line.participantId!;
    const number = String(await memberNumberFor(tx, participantId, line.organizationId));
    // A one-event licence covers its event's days; any other membership starts when it is paid.
    const period =
      line.validity === 'event' && line.eventStart
        ? { validFrom: line.eventStart, validUntil: line.eventEnd ?? line.eventStart }
        : await membershipPeriod(tx, participantId, line.organizationId, line.validity, now);
    const [row] = await tx
      .insert(memberships)
      .values({ organizationId: line.organizationId, participantId, membershipTypeId: line.typeId!, number, classId: line.classId, orderLineId: line.id, ...period })
      .returning({ id: memberships.id });
    created.push({ membershipId: row!.id, orderLineId: line.id, participantId, organizationId: line.organizationId, number, ...period });
  }
  const organizations = [...new Set(created.map((m) => m.organizationId))];
  const retaken = await retakeEntries(tx, orderId);
  // A paid ticket order completes its spectator registration (still open when paid by card), then gets its tickets.
  await completeSpectatorRegistration(tx, orderId, now);
  await issueTicketsForOrder(tx, orderId, { now });
  const receipt = await issueReceipt(tx, orderId, now);
  return { memberships: created, tags: [...organizations.map((id) => tags.organization(id)), ...retaken.map((id) => tags.event(id))], receipt };
}

/** The memberships order `orderId` gave (empty until it is paid). */
export async function orderMemberships(tx: Tx, orderId: number): Promise<FulfilledMembership[]> {
  return tx
    .select({
      membershipId: memberships.id,
      orderLineId: orderLines.id,
      participantId: memberships.participantId,
      organizationId: memberships.organizationId,
      number: memberships.number,
      validFrom: memberships.validFrom,
      validUntil: memberships.validUntil,
    })
    .from(memberships)
    .innerJoin(orderLines, eq(orderLines.id, memberships.orderLineId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.id);
}
