/**
 * The sign-on list of an event (issue 27 "Sign-on (in the desk): one line per registered rider:
 * membership ✓, waiver ✓, paid ✓, number, transponder"; spec §3 Registration, §4 Registration
 * status and Waiver): every rider with a live `registered` entry (not the waiting list, not
 * cancelled), one line each whatever the number of classes, by last then first name.
 *
 * - membership: `valid` when the rider holds a membership of the event's organization valid on its
 *   first day (a one-event licence becomes one when its order is paid); `with_payment` when an
 *   unpaid entry order of the rider carries it; else `missing`.
 * Classes in the event's order (`event_classes.sort_order`).
 * - waiver: the state of the rider's latest `entry` document for the event (a rejection wins);
 *   `signOnline` when it can be signed on the official's tablet (the rider has an account of
 *   their own or a guardian's to name as signatory: lib/server/waivers `signingParty`).
 * - paid: nothing left due on the orders of the rider's entry lines (the checkout's own state,
 *   `orderSummary`); `dueCents` and the order to take it on at the gate otherwise.
 *
 * For the event's promoter staff and admins (policy `registrations.list`); anyone else `not_found`.
 * Read in a fixed number of queries, whatever the number of riders.
 */
import 'server-only';
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SignOnList, SignOnRow } from '../../contracts/sign-on';
import { AppError } from '../../errors';
import { factsOf, type OrderRecords } from '../checkout/order-record';
import { orderSummary } from '../checkout/order-state';
import { getDb } from '../db';
import { classes, eventClasses, events, memberships, orderLines, orderReleases, orders, participantProfiles, participants, payments, promoters, refunds, registrations, waiverDocuments } from '../db/schema';
import { assertAllowed, type Viewer } from '../policy';

/** The event as sign-on needs it: its promoter (policy), organization and first day. */
export async function signOnEvent(eventId: number): Promise<{ id: number; promoterId: number; organizationId: number | null; startDate: string } | null> {
  const [event] = await getDb()
    .select({ id: events.id, promoterId: events.promoterId, organizationId: sql<number | null>`coalesce(${events.organizationId}, ${promoters.organizationId})`, startDate: events.startDate })
    .from(events)
    .innerJoin(promoters, eq(promoters.id, events.promoterId))
    .where(eq(events.id, eventId));
  return event ?? null;
}

/**
 * The sign-on list of event `eventId` for `viewer` at `now` (default now); see the module's docstring.
 * @throws AppError `unauthenticated`; `not_found` (no such event, or not the viewer's).
 */
export async function getSignOnList(viewer: Viewer, eventId: number, options: { now?: Date } = {}): Promise<SignOnList> {
  if (viewer === null) throw new AppError('unauthenticated');
  const now = options.now ?? new Date();
  const event = await signOnEvent(eventId);
  if (!event) throw new AppError('not_found');
  assertAllowed(viewer, 'registrations.list', { promoterId: event.promoterId });
  const db = getDb();
  const guardian = alias(participantProfiles, 'guardian');

  const entries = await db
    .select({
      registrationId: registrations.id,
      participantId: registrations.participantId,
      firstName: participants.firstName,
      lastName: participants.lastName,
      className: classes.name,
      raceNumber: registrations.raceNumber,
      transponder: registrations.transponder,
      rental: registrations.transponderRental,
      presentAt: registrations.presentAt,
      orderId: orderLines.orderId,
      signable: sql<boolean>`(${participantProfiles.userId} is not null or ${guardian.userId} is not null)`,
    })
    .from(registrations)
    .innerJoin(participants, eq(participants.id, registrations.participantId))
    .leftJoin(participantProfiles, eq(participantProfiles.participantId, registrations.participantId))
    .leftJoin(guardian, eq(guardian.id, participantProfiles.guardianId))
    .innerJoin(classes, eq(classes.id, registrations.classId))
    .leftJoin(eventClasses, and(eq(eventClasses.eventId, registrations.eventId), eq(eventClasses.classId, registrations.classId)))
    .leftJoin(orderLines, eq(orderLines.id, registrations.orderLineId))
    .where(and(eq(registrations.eventId, eventId), eq(registrations.state, 'registered')))
    .orderBy(asc(participants.lastName), asc(participants.firstName), asc(registrations.participantId), asc(eventClasses.sortOrder), asc(classes.sortOrder), asc(classes.name));
  const riderIds = [...new Set(entries.map((e) => e.participantId))];
  const orderIds = [...new Set(entries.map((e) => e.orderId).filter((id): id is number => id !== null))];

  const [held, waivers, orderRows, paid, refunded, released, licences] = await Promise.all([
    riderIds.length && event.organizationId !== null
      ? db
          .selectDistinct({ participantId: memberships.participantId })
          .from(memberships)
          .where(and(inArray(memberships.participantId, riderIds), eq(memberships.organizationId, event.organizationId), lte(memberships.validFrom, event.startDate), gte(memberships.validUntil, event.startDate)))
      : [],
    riderIds.length
      ? db
          .selectDistinctOn([waiverDocuments.participantId], { participantId: waiverDocuments.participantId, state: waiverDocuments.state })
          .from(waiverDocuments)
          .where(and(eq(waiverDocuments.eventId, eventId), eq(waiverDocuments.kind, 'entry'), inArray(waiverDocuments.participantId, riderIds)))
          .orderBy(waiverDocuments.participantId, desc(waiverDocuments.signedAt))
      : [],
    orderIds.length ? db.select().from(orders).where(inArray(orders.id, orderIds)) : [],
    orderIds.length ? db.select().from(payments).where(inArray(payments.orderId, orderIds)) : [],
    orderIds.length ? db.select().from(refunds).where(inArray(refunds.orderId, orderIds)) : [],
    orderIds.length ? db.select().from(orderReleases).where(inArray(orderReleases.orderId, orderIds)) : [],
    // A one-event licence line on one of the rider's entry orders (its membership is created when the order is paid).
    orderIds.length
      ? db
          .select({ participantId: orderLines.participantId, orderId: orderLines.orderId })
          .from(orderLines)
          .where(and(inArray(orderLines.orderId, orderIds), eq(orderLines.kind, 'membership')))
      : [],
  ]);

  const summaries = new Map(
    orderRows.map((order) => {
      const records: OrderRecords = { payments: paid.filter((p) => p.orderId === order.id), refunds: refunded.filter((r) => r.orderId === order.id), release: released.find((r) => r.orderId === order.id) ?? null };
      return [order.id, { publicId: order.publicId, summary: orderSummary(factsOf(order, records), now) }] as const;
    }),
  );
  const members = new Set(held.map((h) => h.participantId));
  const waiverOf = new Map(waivers.map((w) => [w.participantId, w.state]));
  const licenceOn = new Map(licences.filter((l) => l.participantId !== null).map((l) => [l.participantId!, l.orderId]));

  const rows = new Map<number, SignOnRow & { orders: Set<number> }>();
  for (const e of entries) {
    let row = rows.get(e.participantId);
    if (!row) {
      row = {
        participantId: e.participantId,
        firstName: e.firstName,
        lastName: e.lastName,
        classes: [],
        raceNumber: e.raceNumber,
        transponder: e.transponder,
        transponderRental: e.rental,
        membership: 'missing',
        waiver: waiverOf.get(e.participantId) ?? 'not_signed',
        signOnline: e.signable === true,
        paid: true,
        dueCents: 0,
        dueOrder: null,
        presentAt: e.presentAt?.toISOString() ?? null,
        orders: new Set(),
      };
      rows.set(e.participantId, row);
    }
    row.classes.push({ registrationId: e.registrationId, className: e.className });
    row.transponder ??= e.transponder;
    row.transponderRental ||= e.rental;
    if (e.presentAt && (!row.presentAt || e.presentAt.toISOString() < row.presentAt)) row.presentAt = e.presentAt.toISOString();
    if (e.orderId !== null) row.orders.add(e.orderId);
  }

  const list: SignOnRow[] = [];
  for (const { orders: riderOrders, ...row } of rows.values()) {
    for (const id of riderOrders) {
      const order = summaries.get(id);
      if (!order || order.summary.dueCents === 0) continue;
      row.paid = false;
      row.dueCents += order.summary.dueCents;
      row.dueOrder ??= order.publicId;
    }
    const licenceOrder = licenceOn.get(row.participantId);
    row.membership = members.has(row.participantId) ? 'valid' : licenceOrder !== undefined && riderOrders.has(licenceOrder) && (summaries.get(licenceOrder)?.summary.dueCents ?? 0) > 0 ? 'with_payment' : 'missing';
    list.push(row);
  }
  return { eventId, readAt: now.toISOString(), rows: list };
}
