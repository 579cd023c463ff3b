/**
 * Recording sign-on (issue 27 "take payment at the gate, sign a missing waiver on the official's
 * tablet, mark present. It keeps working on a phone with no connection and sends what it recorded
 * when the connection comes back"; spec §3 Registration, §3 Transaction): a batch of actions a
 * device recorded, oldest first, each applied in its own transaction and answered on its own (one
 * refused action does not hold back the others):
 *
 * - `present`: the rider's live entries at the event get `present_at` = the action's time (the
 *   first time stays when marked twice);
 * - `transponder`: the number handed out (a rental's, or a correction of the rider's own) on all
 *   the rider's live entries; refused with `transponder_taken` when another rider of the event
 *   carries it (case-insensitive);
 * - `paid`: what is still due on an entry order of the event, taken at the gate by the checkout's
 *   staff payment (`markPaidByStaff`: the order row locked, one payment however often it is sent).
 *
 * Each applied action leaves a desk audit line (entity `registration`, its `actionId` in `after`);
 * an action whose id already has a line is answered `duplicate` and does nothing, so a batch sent
 * again after a lost reply records nothing twice. For the event's promoter staff and admins
 * (policy `registrations.list` to read, `event.edit` to change); anyone else `not_found`. The
 * event's cache tag is revalidated when a transponder changed (the live board names riders by it).
 */
import 'server-only';
import { and, eq, ne, sql } from 'drizzle-orm';
import { signOnBatch, type SignOnAction, type SignOnOutcome, type SignOnSyncResult } from '../../contracts/sign-on';
import { AppError } from '../../errors';
import { revalidateTags, tags } from '../cache';
import { findOrder } from '../checkout/order-record';
import { markPaidByStaff } from '../checkout/mark-paid-by-staff';
import { getDb, type Tx } from '../db';
import { deskAudit, orderLines, registrations } from '../db/schema';
import { assertAllowed, type Viewer } from '../policy';
import { parseInput } from '../registrations/registration-context';
import { getSignOnList, signOnEvent } from './get-sign-on-list';

type SignOnEvent = NonNullable<Awaited<ReturnType<typeof signOnEvent>>>;

/** Whether action `id` was applied already (its audit line exists). */
async function applied(tx: Tx, eventId: number, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: deskAudit.id })
    .from(deskAudit)
    .where(and(eq(deskAudit.eventId, eventId), eq(deskAudit.entity, 'registration'), sql`${deskAudit.after}->>'actionId' = ${id}`))
    .limit(1);
  return row !== undefined;
}

/** The rider's live entries at the event, locked; `not_found` when they have none. */
async function riderEntries(tx: Tx, eventId: number, participantId: number) {
  const rows = await tx
    .select({ id: registrations.id, presentAt: registrations.presentAt, transponder: registrations.transponder })
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), eq(registrations.participantId, participantId), eq(registrations.state, 'registered')))
    .orderBy(registrations.id)
    .for('update');
  if (rows.length === 0) throw new AppError('not_found');
  return rows;
}

/** Applies one action in its own transaction (the checkout's payment runs in its own). @returns whether a transponder changed. */
async function applyAction(viewer: NonNullable<Viewer>, event: SignOnEvent, action: SignOnAction): Promise<{ duplicate: boolean; transponderChanged: boolean }> {
  const at = new Date(action.at);
  const audit = (tx: Tx, entityId: number, before: Record<string, unknown> | null, after: Record<string, unknown>) =>
    tx.insert(deskAudit).values({ userId: viewer.userId, promoterId: event.promoterId, eventId: event.id, entity: 'registration', entityId, action: 'update', before, after: { ...after, actionId: action.id } });

  if (action.type === 'paid') {
    const order = await findOrder(action.order);
    if (!order || order.eventId !== event.id) throw new AppError('not_found');
    if (await getDb().transaction((tx) => applied(tx, event.id, action.id))) return { duplicate: true, transponderChanged: false };
    const result = await markPaidByStaff(viewer, order.id, { now: at > new Date() ? new Date() : at });
    const [entry] = await getDb()
      .select({ id: registrations.id })
      .from(registrations)
      .innerJoin(orderLines, eq(orderLines.id, registrations.orderLineId))
      .where(eq(orderLines.orderId, order.id))
      .limit(1);
    await getDb().transaction((tx) => audit(tx, entry?.id ?? 0, null, { gatePayment: order.publicId, paymentId: result.paymentId }));
    return { duplicate: result.paymentId === null, transponderChanged: false };
  }

  return getDb().transaction(async (tx) => {
    // One device's action at a time per rider (two tablets marking the same rider wait for each other).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-on:${event.id}:${action.participantId}`}))`);
    if (await applied(tx, event.id, action.id)) return { duplicate: true, transponderChanged: false };
    const entries = await riderEntries(tx, event.id, action.participantId);
    if (action.type === 'present') {
      const first = entries.find((e) => e.presentAt)?.presentAt ?? null;
      const presentAt = first && first <= at ? first : at;
      await tx.update(registrations).set({ presentAt }).where(and(eq(registrations.eventId, event.id), eq(registrations.participantId, action.participantId), eq(registrations.state, 'registered')));
      await audit(tx, entries[0]!.id, { presentAt: first?.toISOString() ?? null }, { presentAt: presentAt.toISOString() });
      return { duplicate: first !== null, transponderChanged: false };
    }
    const number = action.number.toUpperCase();
    const [taken] = await tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(and(eq(registrations.eventId, event.id), ne(registrations.participantId, action.participantId), ne(registrations.state, 'cancelled'), sql`upper(${registrations.transponder}) = ${number}`))
      .limit(1);
    if (taken) throw new AppError('transponder_taken');
    const before = entries[0]!.transponder;
    await tx.update(registrations).set({ transponder: number }).where(and(eq(registrations.eventId, event.id), eq(registrations.participantId, action.participantId), eq(registrations.state, 'registered')));
    await audit(tx, entries[0]!.id, { transponder: before }, { transponder: number });
    return { duplicate: before === number, transponderChanged: before !== number };
  });
}

/**
 * Applies `raw` (a `SignOnBatch`) at event `eventId` for `viewer`; see the module's docstring.
 * @returns each action's outcome (an error code for a refused one) and the list as it now is.
 * @throws AppError `unauthenticated`; `not_found` (no such event, or not the viewer's); `invalid_request` (a malformed batch).
 */
export async function recordSignOn(viewer: Viewer, eventId: number, raw: unknown): Promise<SignOnSyncResult> {
  if (viewer === null) throw new AppError('unauthenticated');
  const batch = parseInput(signOnBatch, raw);
  const event = await signOnEvent(eventId);
  if (!event) throw new AppError('not_found');
  assertAllowed(viewer, 'event.edit', { promoterId: event.promoterId });

  const outcomes: SignOnOutcome[] = [];
  let transponders = false;
  for (const action of batch.actions) {
    try {
      const done = await applyAction(viewer, event, action);
      transponders ||= done.transponderChanged;
      outcomes.push({ id: action.id, ok: true, duplicate: done.duplicate });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      outcomes.push({ id: action.id, ok: false, code: err.code });
    }
  }
  if (transponders) await revalidateTags([tags.event(event.id)]);
  return { outcomes, list: await getSignOnList(viewer, eventId) };
}
