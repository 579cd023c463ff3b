/**
 * Step 4, paying (issue 28 "Summary and payment … then the checkout; the registration ends complete
 * or canceled"; "Capacity per event day: holds during checkout, never oversold under
 * concurrency"; spec §4 Spectator registration, §5 Spectator, §8 Spectator). In ONE transaction:
 *
 * 1. the registration (the buyer's own; its row locked) is open; the same submission id, or an
 *    order it already has, answers that order again (`duplicate: true`, nothing written);
 * 2. the event still sells tickets; the day is not past; paying at the gate only when the event
 *    allows it (`gate_payment_unavailable`);
 * 3. at least one spectator (`null_spectators`), every waiver signed ('You must send the waiver
 *    before you can continue', `waivers_not_signed`);
 * 4. the day's lock (lib/server/tickets `lockTicketDay`: `tickets:{eventId}:{day}`), then no
 *    spectator claimed by another registration's order or a complete one meanwhile
 *    (`spectator_already_registered`: two drafts with one person, the first to pay wins), then the
 *    places others take (`ticketsTakenOnDay`: tickets issued, checkouts under way) plus this
 *    registration's fit the event's `dailyCapacity` (`tickets_sold_out`): of two buyers of the last
 *    ticket, the second waits for the first and is refused;
 * 5. the order (`createOrderInTx`: one `ticket` line per spectator, ./ticket-order.ts; the event,
 *    its promoter, the submission id; held 15 minutes by card, until the day after the event day at
 *    the gate), named by the registration (`order_id`);
 * 6. at the gate (`office`), or an order of 0 cents (paid from its creation), the registration is
 *    `complete` at once and its tickets are issued, reserved unpaid at the gate
 *    (lib/server/tickets `issueTicketsForOrder`: the buyer gets them by email with the waiver
 *    PDFs); by card it stays open until the payment's fulfilment completes it
 *    (./complete-registration.ts), or a released hold cancels it (./cancel-released.ts).
 *
 * Any refusal writes nothing. The event's cache tag and the order's are revalidated after commit.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import { submitSpectatorInput, type SpectatorRegistrationView, type SubmitSpectatorInput } from '../../contracts/spectators';
import { AppError } from '../../errors';
import { revalidateTags, tags } from '../cache';
import { createOrderInTx } from '../checkout/create-order';
import { orderView } from '../checkout/get-order';
import { getDb } from '../db';
import { orders, spectatorRegistrations } from '../db/schema';
import { entryHoldMinutes } from '../registrations/registration-context';
import type { Viewer } from '../policy';
import { lockTicketDay, ticketsTakenOnDay } from '../tickets/day-capacity';
import { issueTicketsForOrder } from '../tickets/issue-tickets';
import { completeSpectatorRegistration } from './complete-registration';
import { registrationView } from './get-registration';
import { ticketsFit } from './rules';
import { asLocale, assertPersonFree, liveSpectators, ownRegistration, parseSpectatorInput, sellingEvent, spectatorBuyer, todayOf } from './spectator-context';
import { spectatorWaivers } from './spectator-waivers';
import { ticketOrderInput } from './ticket-order';

/** What paying answers: the registration as it is now, its order, and whether this submission had been made already. */
export interface SpectatorSubmitResult {
  registration: SpectatorRegistrationView;
  order: { publicId: string; state: string; totalCents: number; provider: string };
  duplicate: boolean;
}

/**
 * Pays registration `registrationId` of buyer `viewer` with `raw` at `options.now` (see the module's docstring).
 * @throws AppError `unauthenticated`, `promoters_not_allowed`, `account_type_not_allowed`,
 *   `email_not_verified`; `spectator_not_found`; `spectator_registration_closed`;
 *   `event_not_found`; `invalid_event_day`; `gate_payment_unavailable`; `null_spectators`;
 *   `waivers_not_signed`; `spectator_already_registered` (a person another registration's order
 *   claimed since they were added); `tickets_sold_out`; CheckoutError `promo_*`, `unknown_province`, `no_tax_rate`.
 */
export async function submitSpectatorRegistration(viewer: Viewer, registrationId: string, raw: SubmitSpectatorInput, options: { now?: Date } = {}): Promise<SpectatorSubmitResult> {
  const input = parseSpectatorInput(submitSpectatorInput, raw);
  const buyer = spectatorBuyer(viewer);
  const now = options.now ?? new Date();

  const outcome = await getDb().transaction(async (tx) => {
    const registration = await ownRegistration(buyer, registrationId, tx, { lock: true });
    // Under the registration's lock: a second submission waits for the first, then finds its order.
    const [prior] = await tx.select().from(orders).where(eq(orders.submissionId, input.submissionId));
    if (prior && prior.id !== registration.orderId) throw new AppError('invalid_request');
    const existingId = registration.orderId;
    if (existingId !== null && registration.state !== 'canceled') {
      const [order] = await tx.select().from(orders).where(eq(orders.id, existingId));
      const view = await orderView(tx, order!, now);
      return { result: { registration: await registrationView(tx, registration, now), order: summaryOf(view), duplicate: true }, tags: [] as string[] };
    }
    if (registration.state !== 'open') throw new AppError('spectator_registration_closed');

    const event = await sellingEvent(registration.eventId, tx);
    if (registration.day < todayOf(now)) throw new AppError('invalid_event_day');
    if (input.provider === 'office' && !event.settings.payAtGate) throw new AppError('gate_payment_unavailable');
    const people = await liveSpectators(tx, registration.id);
    if (people.length === 0) throw new AppError('null_spectators');
    const waivers = await spectatorWaivers(tx, people.map((p) => p.id));
    if (people.some((p) => waivers.get(p.id)!.state !== 'signed')) throw new AppError('waivers_not_signed');

    await lockTicketDay(tx, event.id, registration.day);
    // Under the day's lock: a person another registration claimed meanwhile (its order made) is not sold twice.
    for (const p of people) await assertPersonFree(tx, event.id, registration.day, p, p.id, { claimedOnly: true });
    const taken = await ticketsTakenOnDay(tx, event.id, registration.day, { at: now });
    if (!ticketsFit(event.settings.dailyCapacity, taken, people.length)) throw new AppError('tickets_sold_out');

    const request = await ticketOrderInput(event, registration.day, people, { locale: asLocale(input.locale ?? registration.locale), promoCode: input.promoCode, province: input.province, now });
    const created = await createOrderInTx(
      tx,
      buyer,
      { ...request, provider: input.provider, submissionId: input.submissionId, holdMinutes: entryHoldMinutes(input.provider, { startDate: registration.day, endDate: registration.day }, now) },
      now,
    );
    const orderId = created.view.order.id;
    await tx.update(spectatorRegistrations).set({ orderId }).where(eq(spectatorRegistrations.id, registration.id));
    // At the gate the tickets are reserved unpaid now; an order of 0 cents was paid (and its tickets issued) at its creation.
    if (input.provider === 'office' || created.view.summary.state === 'paid') {
      await completeSpectatorRegistration(tx, orderId, now);
      await issueTicketsForOrder(tx, orderId, { now });
    }
    const [updated] = await tx.select().from(spectatorRegistrations).where(eq(spectatorRegistrations.id, registration.id));
    return {
      result: { registration: await registrationView(tx, updated!, now), order: summaryOf(created.view), duplicate: false },
      tags: [tags.event(event.id), ...created.tags],
    };
  });
  if (outcome.tags.length) await revalidateTags(outcome.tags);
  return outcome.result;
}

/** What the answer shows of an order. */
function summaryOf(view: { order: { publicId: string; totalCents: number; provider: string }; summary: { state: string } }): SpectatorSubmitResult['order'] {
  return { publicId: view.order.publicId, state: view.summary.state, totalCents: view.order.totalCents, provider: view.order.provider };
}
