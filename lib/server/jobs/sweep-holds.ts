/**
 * The `sweep-holds` job (issue 26 "Holds that expire: what an order reserves is held 15 minutes;
 * a session not paid by then is expired at Stripe and released"), run every minute by the queue's
 * schedule (./kinds.ts `JOB_SCHEDULES`): in one transaction, releases every hold that ran out
 * (`releaseExpiredHolds`) and, for each released order paid through Stripe, enqueues an
 * `expire-checkout` job per Checkout Session it opened (`checkout_sessions`). Expiring at Stripe is
 * a job of its own, retried on its own when Stripe cannot be reached, so a sweep never calls
 * Stripe and never loses a session to expire: the release and its expiry jobs commit together.
 *
 * Releasing a membership's hold changes no public page (a membership is never sold out), so no
 * cache tag is revalidated. Safe to run twice and on several instances at once: an order is
 * released (and its sessions queued) once.
 *
 * No `server-only` marker: the worker runs it in the site's server under plain Node.
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { revalidateTags, tags } from '../cache/tags';
import { releaseExpiredHolds } from '../checkout/release-expired-holds';
import { getDb } from '../db';
import { checkoutSessions, orders } from '../db/schema';
import { enqueue } from './enqueue';

/** A sweep's payload: none from the schedule; `now` (ISO 8601) in tests. */
export interface SweepHoldsPayload {
  now?: string;
}

/** What a sweep did: the orders it released and the sessions it queued for expiry. */
export interface SweepHoldsResult {
  released: string[];
  sessionsToExpire: string[];
}

/** Runs one sweep (see the module's docstring). @throws Error when the database fails (nothing was written). */
export async function sweepHolds(payload: SweepHoldsPayload | null = null): Promise<SweepHoldsResult> {
  const now = payload?.now ? new Date(payload.now) : new Date();
  const result = await getDb().transaction(async (tx) => {
    const released = await releaseExpiredHolds({ now, tx });
    const stripe = released.filter((o) => o.provider === 'stripe').map((o) => o.orderId);
    const sessions = stripe.length
      ? await tx
          .select({ sessionId: checkoutSessions.sessionId, orderId: checkoutSessions.orderId })
          .from(checkoutSessions)
          .where(and(inArray(checkoutSessions.orderId, stripe), eq(checkoutSessions.provider, 'stripe')))
          .orderBy(checkoutSessions.orderId, checkoutSessions.createdAt)
      : [];
    for (const session of sessions) await enqueue(tx, 'expire-checkout', session);
    const ids = released.map((o) => o.orderId);
    const events = ids.length ? await tx.selectDistinct({ eventId: orders.eventId }).from(orders).where(and(inArray(orders.id, ids), isNotNull(orders.eventId))) : [];
    return { released: released.map((o) => o.publicId), sessionsToExpire: sessions.map((s) => s.sessionId), events: events.map((e) => e.eventId!) };
  });
  // Issue 27: a released entry freed its place; the event's registration counts change.
  if (result.events.length) await revalidateTags(result.events.map((id) => tags.event(id)));
  return { released: result.released, sessionsToExpire: result.sessionsToExpire };
}
