/**
 * The `registration-offers` job (issue 27 "a freed place is offered to the next in line for a time
 * the promoter sets, by email, and passes on when it lapses"), every 10 minutes
 * (lib/server/jobs/kinds.ts `JOB_SCHEDULES`): in one transaction, every waiting-list offer whose
 * time ran out (`offered_until` ≤ now, still `waiting`) lapses, and the place passes to the next in
 * line (`offerFreedPlaces`: a mail each).
 *
 * A lapsed offer CANCELS its waiting row (`cancelled_at = offered_until`), it does not go back to
 * the end of the list: the rider was told by mail that the place was theirs until then, and a
 * list that sends the same rider offer after offer for a place they no longer want holds every
 * freed place for hours each time. They may join the list again by registering anew.
 * Safe to run twice and on several instances at once (the rows are updated once; the classes are locked).
 *
 * No `server-only` marker: the worker runs it in the site's server under plain Node.
 */
import { and, eq, lte, sql } from 'drizzle-orm';
import { revalidateTags, tags } from '../cache/tags';
import { getDb } from '../db';
import { registrations } from '../db/schema';
import { offerFreedPlaces } from './offer-places';

/** A run's payload: none from the schedule; `now` (ISO 8601) in tests. */
export interface RegistrationOffersPayload {
  now?: string;
}

/** What a run did: the waiting rows whose offer lapsed, and those offered a place. */
export interface RegistrationOffersResult {
  lapsed: number[];
  offered: number[];
}

/** Runs one pass (see the module's docstring). @throws Error when the database fails (nothing was written). */
export async function lapseOffers(payload: RegistrationOffersPayload | null = null): Promise<RegistrationOffersResult> {
  const now = payload?.now ? new Date(payload.now) : new Date();
  const result = await getDb().transaction(async (tx) => {
    const lapsed = await tx
      .update(registrations)
      .set({ state: 'cancelled', cancelledAt: sql`${registrations.offeredUntil}` })
      .where(and(eq(registrations.state, 'waiting'), lte(registrations.offeredUntil, now)))
      .returning({ id: registrations.id, eventId: registrations.eventId, classId: registrations.classId });
    const classes = [...new Map(lapsed.map((r) => [`${r.eventId}:${r.classId}`, r])).values()].sort((a, b) => a.eventId - b.eventId || a.classId - b.classId);
    const offered: number[] = [];
    for (const { eventId, classId } of classes) offered.push(...(await offerFreedPlaces(tx, eventId, classId, now)).map((o) => o.registrationId));
    return { lapsed: lapsed.map((r) => r.id), offered, events: [...new Set(lapsed.map((r) => r.eventId))] };
  });
  if (result.events.length) await revalidateTags(result.events.map((id) => tags.event(id)));
  return { lapsed: result.lapsed, offered: result.offered };
}
