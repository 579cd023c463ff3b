/**
 * Registering for an event (issue 27 "Registration"; spec §1 register for events, §3
 * Registration, §6 Online registration): a verified participant enters themself, or as guardian a
 * minor, in one to three classes of an event whose registration is open and whose online
 * registration check (§6) allows it.
 *
 * Checks: the rider is the buyer's own record or their minor's (else `not_found`); each class is
 * offered by the event and fits the rider's age on the event's first day; the race number is the
 * one typed, else the rider's permanent member number in the event's organization, 1–4 digits or
 * letters, not another live registration's in that class; a rented transponder only where the
 * promoter rents them; the promoter's required questions answered; the event's waiver signed for
 * this rider (a `waiver_documents` row of this event and person, state `signed`); a membership of
 * the event's organization valid on its first day, else a one-event licence line is added
 * (`membership_required` when the organization sells none); paying at the gate only when allowed.
 *
 * The checks and the pricing are `planRegistration`'s (./plan-registration.ts), shared with the
 * review step's quote (`quoteRegistration`). In ONE transaction: each class's row is locked and its
 * places counted (`lockClasses`, `classPlaces`): a class with room gets a `registered` row charged on the order at its fee of the
 * day, a full one a `waiting` row (no fee, no line: the rider is told and gets an offer by email
 * when a place frees); the order (entry lines, and the licence, rental and deposit lines) is
 * created by the checkout (`createOrderInTx`) with the form's submission id, and each registered
 * row names its line (`order_line_id`). The same submission id again answers the first result and
 * writes nothing. Any refusal writes nothing. The event's cache tag is revalidated after commit.
 */
import 'server-only';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { EventRegistrationInput, RegisteredClass, RegistrationResult } from '../../contracts/event-registration';
import { AppError } from '../../errors';
import { revalidateTags, tags } from '../cache';
import { buyablePeople, createOrderInTx } from '../checkout/create-order';
import { orderView } from '../checkout/get-order';
import { getDb, type Tx } from '../db';
import { orderLines, orders, registrations } from '../db/schema';
import type { Viewer } from '../policy';
import { lockClasses } from './class-places';
import { openRegistration, planRegistration } from './plan-registration';
import { entryHoldMinutes } from './registration-context';

/** What a registration's answer shows of its order. */
export function orderSummaryOf(view: { order: { publicId: string; totalCents: number; provider: string }; summary: { state: string } } | null): RegistrationResult['order'] {
  return view ? { publicId: view.order.publicId, state: view.summary.state, totalCents: view.order.totalCents, provider: view.order.provider } : null;
}

/** The registrations an earlier submission `submissionId` made (its order's), or null when there is no such order. */
async function priorSubmission(tx: Tx, submissionId: string, now: Date): Promise<RegistrationResult | null> {
  const [order] = await tx.select().from(orders).where(eq(orders.submissionId, submissionId));
  if (!order) return null;
  const charged = await tx
    .select({ registrationId: registrations.id, classId: registrations.classId, raceNumber: registrations.raceNumber, orderLineId: registrations.orderLineId, feeCents: orderLines.unitCents })
    .from(registrations)
    .innerJoin(orderLines, eq(orderLines.id, registrations.orderLineId))
    .where(eq(orderLines.orderId, order.id))
    .orderBy(registrations.id);
  // The same submission's waiting rows carry no line: written by the same buyer, at the same event, at the order's very moment.
  const waiting = order.eventId
    ? await tx
        .select({ registrationId: registrations.id, classId: registrations.classId, raceNumber: registrations.raceNumber })
        .from(registrations)
        .where(and(eq(registrations.eventId, order.eventId), eq(registrations.registeredBy, order.userId), eq(registrations.state, 'waiting'), eq(registrations.createdAt, order.createdAt), isNull(registrations.orderLineId)))
        .orderBy(registrations.id)
    : [];
  return {
    classes: [...charged.map((r) => ({ ...r, state: 'registered' as const })), ...waiting.map((r) => ({ ...r, state: 'waiting' as const, feeCents: null, orderLineId: null }))],
    order: orderSummaryOf(await orderView(tx, order, now)),
    duplicate: true,
  };
}

/**
 * Registers for an event (see the module's docstring) at `options.now` (default now).
 * @returns each class's registration (registered or waiting), and the order to pay (null when every class is on the waiting list and nothing else is owed).
 * @throws AppError `unauthenticated`, `email_not_verified`; `not_found` (no such event, or a
 *   hidden one; a rider the buyer may not register); `registration_closed`;
 *   `gate_payment_unavailable`; `transponder_rental_unavailable`; `null_answer`;
 *   `invalid_registration_class`; `registration_age_mismatch`; `already_registered`;
 *   `null_race_number`, `invalid_race_number`, `race_number_taken`; `waiver_not_signed`;
 *   `membership_required`, `membership_age_mismatch`; the contract's codes (`null_classes`,
 *   `too_many_classes`, …); CheckoutError `unknown_province`, `no_tax_rate`.
 */
export async function registerForEvent(viewer: Viewer, raw: EventRegistrationInput, options: { now?: Date } = {}): Promise<RegistrationResult> {
  const opened = await openRegistration(viewer, raw, options.now ?? new Date());
  const { input, buyer, event, now, locale } = opened;

  const outcome = await getDb().transaction(async (tx) => {
    const person = (await buyablePeople(tx, buyer.userId, [input.participantId])).get(input.participantId)!;
    const locked = await lockClasses(tx, event.id, input.classIds);
    // Under the classes' locks: a second submission waits for the first, then finds its order.
    const prior = await priorSubmission(tx, input.submissionId, now);
    if (prior) return { result: prior, tags: [] as string[] };
    const plan = await planRegistration(tx, opened, person, locked);
    if (plan.kind === 'mine') {
      // Submitted twice with every class on the waiting list (no order to find it by): the first answer again.
      const rows = await tx.select().from(registrations).where(inArray(registrations.id, plan.registrationIds)).orderBy(registrations.id);
      const sameSubmission = rows.length === input.classIds.length && rows.every((r) => r.state === 'waiting' && r.orderLineId === null && r.registeredBy === buyer.userId && r.createdAt.getTime() === rows[0]!.createdAt.getTime());
      if (!sameSubmission) throw new AppError('already_registered');
      return { result: { classes: rows.map((r) => ({ registrationId: r.id, classId: r.classId, state: 'waiting' as const, raceNumber: r.raceNumber, feeCents: null, orderLineId: null })), order: null, duplicate: true }, tags: [] as string[] };
    }
    const { states, lines, province, raceNumber } = plan;
    const created = lines.length
      ? await createOrderInTx(
          tx,
          buyer,
          { organizationId: event.organizationId!, lines, eventId: event.id, promoterId: event.promoterId, submissionId: input.submissionId, province, locale, provider: input.provider, now, holdMinutes: entryHoldMinutes(input.provider, event, now) },
          now,
        )
      : null;
    const lineOf = new Map((created?.view.lines ?? []).filter((l) => l.kind === 'entry' && l.classId !== null).map((l) => [l.classId!, l]));

    const result: RegisteredClass[] = [];
    for (const id of input.classIds) {
      const state = states.get(id)!;
      const line = state === 'registered' ? lineOf.get(id) : undefined;
      const [row] = await tx
        .insert(registrations)
        .values({
          eventId: event.id,
          participantId: input.participantId,
          classId: id,
          raceNumber,
          state,
          orderLineId: line?.id ?? null,
          waiverDocumentId: plan.waiverDocumentId,
          transponder: input.transponder?.kind === 'own' ? input.transponder.number : null,
          transponderRental: opened.rental,
          answers: opened.answers,
          registeredBy: buyer.userId,
          createdAt: now,
        })
        .returning({ id: registrations.id });
      result.push({ registrationId: row!.id, classId: id, state, raceNumber, feeCents: line ? line.unitCents : null, orderLineId: line?.id ?? null });
    }
    return { result: { classes: result, order: orderSummaryOf(created?.view ?? null), duplicate: false }, tags: [tags.event(event.id), ...(created?.tags ?? [])] };
  });
  if (outcome.tags.length) await revalidateTags(outcome.tags);
  return outcome.result;
}
