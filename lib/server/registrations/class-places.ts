/**
 * The places of a class at an event (issue 27 "A full class takes a waiting list … Two riders
 * taking the last place at once: one registered, one on the list"; pretix's quotas locked in the
 * transaction): the `event_classes` row is locked `FOR UPDATE` before its places are counted, so
 * two transactions wanting the last place of a class run one after the other, and the second
 * counts the first's rider. A place is taken by a `registered` row, or held by an offer made to
 * the waiting list that is still open (`offered_until` after now).
 *
 * No `server-only` marker: the job worker (the hold sweeper, the offers job) runs it under plain Node.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db';
import { eventClasses, registrations } from '../db/schema';

/** A class's row at an event as locked: its capacity (null: no limit) and its fees in cents. */
export interface LockedClass {
  eventClassId: number;
  classId: number;
  capacity: number | null;
  feeCents: number;
  earlyFeeCents: number | null;
  lateFeeCents: number | null;
}

/**
 * Locks the rows of classes `classIds` at event `eventId` until `tx` ends, in class order (so
 * two transactions locking several classes never wait on each other in a circle);
 * `options.lock: false` only reads them (a quote, which writes nothing).
 * @returns the classes the event offers, by class id (a class it does not offer is absent).
 */
export async function lockClasses(tx: Tx, eventId: number, classIds: readonly number[], options: { lock?: boolean } = {}): Promise<Map<number, LockedClass>> {
  const found = new Map<number, LockedClass>();
  for (const classId of [...new Set(classIds)].sort((a, b) => a - b)) {
    const query = tx
      .select({ eventClassId: eventClasses.id, classId: eventClasses.classId, capacity: eventClasses.capacity, feeCents: eventClasses.feeCents, earlyFeeCents: eventClasses.earlyFeeCents, lateFeeCents: eventClasses.lateFeeCents })
      .from(eventClasses)
      .where(and(eq(eventClasses.eventId, eventId), eq(eventClasses.classId, classId)));
    const [row] = options.lock === false ? await query : await query.for('update');
    if (row) found.set(classId, row);
  }
  return found;
}

/** How a class's places stand at a moment. */
export interface ClassPlaces {
  /** Riders registered. */
  registered: number;
  /** Waiting-list rows offered a place whose offer is still open. */
  offersOpen: number;
  /** Waiting-list rows not offered a place (or whose offer lapsed and was not yet swept). */
  waitingWithoutOffer: number;
}

/** The places of class `classId` at event `eventId` at `at` (read in `tx`, after `lockClasses`). */
export async function classPlaces(tx: Tx, eventId: number, classId: number, at: Date): Promise<ClassPlaces> {
  const iso = at.toISOString();
  const [row] = await tx
    .select({
      registered: sql<number>`(count(*) filter (where ${registrations.state} = 'registered'))::int`,
      offersOpen: sql<number>`(count(*) filter (where ${registrations.state} = 'waiting' and ${registrations.offeredUntil} > ${iso}::timestamptz))::int`,
      waitingWithoutOffer: sql<number>`(count(*) filter (where ${registrations.state} = 'waiting' and ${registrations.offeredUntil} is null))::int`,
    })
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), eq(registrations.classId, classId)));
  return { registered: row?.registered ?? 0, offersOpen: row?.offersOpen ?? 0, waitingWithoutOffer: row?.waitingWithoutOffer ?? 0 };
}

/** The waiting-list rows of a class not offered a place yet, first in line first (joined earliest). */
export async function waitingInLine(tx: Tx, eventId: number, classId: number, limit: number) {
  if (limit <= 0) return [];
  return tx
    .select({ id: registrations.id, participantId: registrations.participantId, registeredBy: registrations.registeredBy })
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), eq(registrations.classId, classId), eq(registrations.state, 'waiting'), sql`${registrations.offeredUntil} is null`))
    .orderBy(asc(registrations.createdAt), asc(registrations.id))
    .limit(limit);
}
