/**
 * The priced total of a registration before it is sent (issue 27 "Registration", the review step
 * of /events/{id}/register; spec §3 Transaction): what `registerForEvent` would charge now — each
 * class at its fee of the day or on the waiting list at no charge, the rental and its deposit, the
 * one-event licence when the rider holds no valid membership, each tax of the province the
 * checkout takes, the total — in cents. The same checks and line-building as registering
 * (`planRegistration`) and the same pricing as the order (`quoteOrder`); nothing is written, held
 * or locked. A submission id that already registered answers its order's own figures.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import type { EventRegistrationInput, RegistrationQuote } from '../../contracts/event-registration';
import { AppError } from '../../errors';
import { buyablePeople, quoteOrder } from '../checkout/create-order';
import { getDb } from '../db';
import { orderLines, orders, registrations } from '../db/schema';
import type { Viewer } from '../policy';
import { lockClasses } from './class-places';
import { openRegistration, planRegistration } from './plan-registration';

/**
 * The quote of `raw` for `viewer` at `options.now` (default now); see the module's docstring.
 * @throws as `registerForEvent` (`already_registered` when the rider holds a live registration in one of the classes).
 */
export async function quoteRegistration(viewer: Viewer, raw: EventRegistrationInput, options: { now?: Date } = {}): Promise<RegistrationQuote> {
  const opened = await openRegistration(viewer, raw, options.now ?? new Date());
  const { input, buyer, event, now, locale } = opened;
  const planned = await getDb().transaction(async (tx) => {
    const person = (await buyablePeople(tx, buyer.userId, [input.participantId])).get(input.participantId)!;
    const [prior] = await tx.select().from(orders).where(eq(orders.submissionId, input.submissionId));
    if (prior) {
      const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, prior.id)).orderBy(orderLines.id);
      const regs = await tx.select({ classId: registrations.classId, lineId: registrations.orderLineId, raceNumber: registrations.raceNumber }).from(registrations).innerJoin(orderLines, eq(orderLines.id, registrations.orderLineId)).where(eq(orderLines.orderId, prior.id));
      const quote: RegistrationQuote = {
        classes: regs.map((r) => ({ classId: r.classId, state: 'registered' as const, feeCents: lines.find((l) => l.id === r.lineId)?.unitCents ?? null })),
        raceNumber: regs[0]?.raceNumber ?? '',
        order: { lines: lines.map((l) => ({ description: l.description, subtotalCents: l.subtotalCents })), subtotalCents: prior.subtotalCents, discountCents: prior.discountCents, taxes: prior.taxes, totalCents: prior.totalCents },
        duplicate: true,
      };
      return quote;
    }
    const plan = await planRegistration(tx, opened, person, await lockClasses(tx, event.id, input.classIds, { lock: false }));
    if (plan.kind === 'mine') throw new AppError('already_registered');
    return plan;
  });
  if (!('kind' in planned)) return planned;
  const classes = input.classIds.map((classId) => {
    const state = planned.states.get(classId)!;
    return { classId, state, feeCents: state === 'registered' ? (planned.placed.find((p) => p.classId === classId)?.feeCents ?? null) : null };
  });
  if (planned.lines.length === 0) return { classes, raceNumber: planned.raceNumber, order: null, duplicate: false };
  const priced = await quoteOrder(buyer, { organizationId: event.organizationId!, lines: planned.lines, eventId: event.id, promoterId: event.promoterId, province: planned.province, locale, provider: input.provider, now });
  return {
    classes,
    raceNumber: planned.raceNumber,
    order: {
      lines: priced.lines.map((l) => ({ description: l.description, subtotalCents: l.subtotalCents })),
      subtotalCents: priced.subtotalCents,
      discountCents: priced.discountCents,
      taxes: priced.taxes.map((t) => ({ code: t.code, rate: t.rate, cents: t.cents })),
      totalCents: priced.totalCents,
    },
    duplicate: false,
  };
}
