/**
 * Taking a place offered from the waiting list (issue 27 "a freed place is offered to the next in
 * line for a time the promoter sets, by email"): the rider (or the guardian who registered a
 * minor) follows the mail's link before `offered_until` and pays. The same checks as registering
 * (registration still open and allowed, gate payment, the race number still free in the class, a
 * membership valid on the event's first day else a one-event licence line) run in ONE transaction
 * with the class's row locked: the waiting row becomes `registered`, charged on a new order (its
 * entry line at the fee of the day, the rental and deposit when it asked for a rented transponder,
 * the licence when needed) created by the checkout with the form's submission id. The place was
 * held for this offer, so it is not counted again. The same submission id again answers the first
 * result; an offer lapsed, taken, or never made is `offer_not_open`.
 */
import 'server-only';
import { and, eq, ne } from 'drizzle-orm';
import { acceptOfferInput, type AcceptOfferInput, type RegistrationResult } from '../../contracts/event-registration';
import { AppError } from '../../errors';
import { revalidateTags, tags } from '../cache';
import { buyablePeople, createOrderInTx, payer, type LineRequest } from '../checkout/create-order';
import { orderView } from '../checkout/get-order';
import { getDb } from '../db';
import type { Viewer } from '../policy';
import { classes, orderLines, orders, registrations } from '../db/schema';
import { lockClasses } from './class-places';
import { entryLines } from './entry-lines';
import { orderSummaryOf } from './register-for-event';
import { assertRegistrationOpen, dayOf, entryHoldMinutes, entryProvince, licenceLine, loadRegistrationEvent, orderLocale, parseInput } from './registration-context';
import { entryFee } from './rules';

/**
 * Takes the place offered to waiting registration `registrationId` for `viewer` at `options.now` (default now).
 * @returns the registration, now registered, and its order.
 * @throws AppError `unauthenticated`, `email_not_verified`; `not_found` (no such registration, or
 *   not the viewer's rider); `offer_not_open`; `registration_closed`; `gate_payment_unavailable`;
 *   `race_number_taken`; `membership_required`, `membership_age_mismatch`; CheckoutError `unknown_province`.
 */
export async function acceptOffer(viewer: Viewer, registrationId: number, raw: AcceptOfferInput, options: { now?: Date } = {}): Promise<RegistrationResult> {
  const input = parseInput(acceptOfferInput, raw);
  const buyer = payer(viewer);
  const now = options.now ?? new Date();
  const [reg] = await getDb().select().from(registrations).where(eq(registrations.id, registrationId));
  if (!reg) throw new AppError('not_found');
  const event = await loadRegistrationEvent(reg.eventId);
  if (!event) throw new AppError('not_found');
  const locale = orderLocale(input.locale);

  const outcome = await getDb().transaction(async (tx) => {
    const person = (await buyablePeople(tx, buyer.userId, [reg.participantId])).get(reg.participantId)!;
    const locked = (await lockClasses(tx, reg.eventId, [reg.classId])).get(reg.classId);
    const [prior] = await tx.select().from(orders).where(eq(orders.submissionId, input.submissionId));
    if (prior) {
      const [line] = await tx.select().from(orderLines).where(and(eq(orderLines.orderId, prior.id), eq(orderLines.classId, reg.classId)));
      return { result: { classes: [{ registrationId, classId: reg.classId, state: 'registered' as const, raceNumber: reg.raceNumber, feeCents: line?.unitCents ?? null, orderLineId: line?.id ?? null }], order: orderSummaryOf(await orderView(tx, prior, now)), duplicate: true }, tags: [] as string[] };
    }
    const [current] = await tx.select().from(registrations).where(eq(registrations.id, registrationId)).for('update');
    if (!locked || !current || current.state !== 'waiting' || !current.offeredUntil || current.offeredUntil.getTime() <= now.getTime()) throw new AppError('offer_not_open');
    await assertRegistrationOpen(event, input.provider, dayOf(now));
    if (current.raceNumber) {
      const same = await tx
        .select({ id: registrations.id })
        .from(registrations)
        .where(and(eq(registrations.eventId, reg.eventId), eq(registrations.classId, reg.classId), eq(registrations.raceNumber, current.raceNumber), ne(registrations.state, 'cancelled'), ne(registrations.id, registrationId)));
      if (same.length) throw new AppError('race_number_taken');
    }
    const [cls] = await tx.select({ name: classes.name }).from(classes).where(eq(classes.id, reg.classId));
    const province = entryProvince(event, input.province);
    const rider = { participantId: reg.participantId, name: `${person.firstName} ${person.lastName}` };
    const lines: LineRequest[] = await entryLines(event, rider, [{ classId: reg.classId, className: cls?.name ?? '', feeCents: entryFee(locked, event.settings, dayOf(now)) }], current.transponderRental, locale);
    const licence = await licenceLine(tx, event, person, input.province ?? province);
    if (licence) lines.push(licence);
    const created = await createOrderInTx(
      tx,
      buyer,
      { organizationId: event.organizationId!, lines, eventId: event.id, promoterId: event.promoterId, submissionId: input.submissionId, province, locale, provider: input.provider, now, holdMinutes: entryHoldMinutes(input.provider, event, now) },
      now,
    );
    const line = created.view.lines.find((l) => l.kind === 'entry' && l.classId === reg.classId)!;
    await tx.update(registrations).set({ state: 'registered', orderLineId: line.id, offeredUntil: null, registeredBy: buyer.userId }).where(eq(registrations.id, registrationId));
    return {
      result: { classes: [{ registrationId, classId: reg.classId, state: 'registered' as const, raceNumber: current.raceNumber, feeCents: line.unitCents, orderLineId: line.id }], order: orderSummaryOf(created.view), duplicate: false },
      tags: [tags.event(reg.eventId), ...created.tags],
    };
  });
  await revalidateTags(outcome.tags);
  return outcome.result;
}
