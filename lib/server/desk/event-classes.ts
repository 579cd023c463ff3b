/**
 * The classes an event offers, from the desk (issue 24 "classes, fee, entry limit"; spec §7
 * registration/loadClasses): each with its entry fee in cents, its early and late fees (issue 27
 * "Fees by date (early, regular, late fee after the deadline)"; null: none) and its entry limit, chosen among
 * the classes of the event's organization (its promoter's when the event has none). Saved as a
 * whole list in one transaction with its audit record; a class riders are registered in cannot
 * be taken off. The event's pages (registration reads these) revalidated on every instance.
 */
import 'server-only';
import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { DeskEventClass, DeskEventClassesInput } from '../../contracts/desk-classes';
import { AppError } from '../../errors';
import { revalidateTags, tags } from '../cache';
import { getDb, type Tx } from '../db';
import { classes, deskAudit, eventClasses, events, promoters, registrations } from '../db/schema';
import { assertAllowed, type Viewer } from '../policy';

export interface DeskEventClassRow extends DeskEventClass {
  name: string;
  /** Riders registered in it (not cancelled or refunded alike: any registration keeps it). */
  registrations: number;
}

/** The organization whose classes event `eventId` may offer (its own, else its promoter's; null: none). */
async function organizationOf(db: Pick<Tx, 'select'>, eventId: number): Promise<number | null> {
  const [row] = await db.select({ own: events.organizationId, promoter: promoters.organizationId }).from(events).innerJoin(promoters, eq(promoters.id, events.promoterId)).where(eq(events.id, eventId));
  return row?.own ?? row?.promoter ?? null;
}

/** What event `eventId` offers, in order (check the viewer with `getDeskEvent` first). */
export async function listEventClassFees(eventId: number, db: Pick<Tx, 'select'> = getDb()): Promise<DeskEventClassRow[]> {
  const counts = db.select({ classId: registrations.classId, n: count().as('n') }).from(registrations).where(eq(registrations.eventId, eventId)).groupBy(registrations.classId).as('registered');
  const rows = await db
    .select({ classId: eventClasses.classId, name: classes.name, feeCents: eventClasses.feeCents, earlyFeeCents: eventClasses.earlyFeeCents, lateFeeCents: eventClasses.lateFeeCents, capacity: eventClasses.capacity, registrations: counts.n })
    .from(eventClasses)
    .innerJoin(classes, eq(classes.id, eventClasses.classId))
    .leftJoin(counts, eq(counts.classId, eventClasses.classId))
    .where(eq(eventClasses.eventId, eventId))
    .orderBy(asc(eventClasses.sortOrder), asc(classes.sortOrder), asc(classes.name));
  return rows.map((r) => ({ ...r, registrations: Number(r.registrations ?? 0) }));
}

/** The classes event `eventId` may offer: its organization's (and those it offers already), by order. */
export async function eventClassOptions(eventId: number): Promise<{ id: number; name: string }[]> {
  const organizationId = await organizationOf(getDb(), eventId);
  const offered = getDb().select({ id: eventClasses.classId }).from(eventClasses).where(eq(eventClasses.eventId, eventId));
  return getDb()
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .where(or(organizationId === null ? sql`false` : eq(classes.organizationId, organizationId), inArray(classes.id, offered)))
    .orderBy(asc(classes.sortOrder), asc(classes.name));
}

/**
 * Replaces the classes event `eventId` offers with `input.classes` (in that order).
 * @throws AppError `unauthenticated`; `not_found` (the event, or a class that is neither its
 *   organization's nor offered already); `class_has_registrations` (409) when a class taken off
 *   has registrations.
 */
export async function saveEventClasses(viewer: Viewer, eventId: number, input: DeskEventClassesInput): Promise<DeskEventClassRow[]> {
  if (viewer === null) throw new AppError('unauthenticated');
  const changed = await getDb().transaction(async (tx) => {
    const [event] = await tx.select({ promoterId: events.promoterId }).from(events).where(eq(events.id, eventId)).for('update');
    if (!event) throw new AppError('not_found');
    assertAllowed(viewer, 'event.edit', { promoterId: event.promoterId });
    const before = await listEventClassFees(eventId, tx);
    const ids = input.classes.map((c) => c.classId);
    const organizationId = await organizationOf(tx, eventId);
    if (ids.length) {
      const allowed = await tx
        .select({ id: classes.id })
        .from(classes)
        .where(and(inArray(classes.id, ids), or(organizationId === null ? sql`false` : eq(classes.organizationId, organizationId), inArray(classes.id, before.map((b) => b.classId).concat(0)))));
      if (allowed.length !== ids.length) throw new AppError('not_found', 'A class is not one of the organization');
    }
    const removed = before.filter((b) => !ids.includes(b.classId));
    if (removed.some((r) => r.registrations > 0)) throw new AppError('class_has_registrations');
    if (removed.length) await tx.delete(eventClasses).where(and(eq(eventClasses.eventId, eventId), inArray(eventClasses.classId, removed.map((r) => r.classId))));
    for (const [sortOrder, c] of input.classes.entries()) {
      await tx
        .insert(eventClasses)
        .values({ eventId, classId: c.classId, feeCents: c.feeCents, earlyFeeCents: c.earlyFeeCents, lateFeeCents: c.lateFeeCents, capacity: c.capacity, sortOrder })
        .onConflictDoUpdate({ target: [eventClasses.eventId, eventClasses.classId], set: { feeCents: c.feeCents, earlyFeeCents: c.earlyFeeCents, lateFeeCents: c.lateFeeCents, capacity: c.capacity, sortOrder } });
    }
    const shape = (rows: DeskEventClassRow[]) => rows.map(({ classId, name, feeCents, earlyFeeCents, lateFeeCents, capacity }) => ({ classId, name, feeCents, earlyFeeCents, lateFeeCents, capacity }));
    const after = await listEventClassFees(eventId, tx);
    if (JSON.stringify(shape(before)) === JSON.stringify(shape(after))) return false;
    await tx.insert(deskAudit).values({ userId: viewer.userId, promoterId: event.promoterId, eventId, entity: 'event', entityId: eventId, action: 'update', before: { classes: shape(before) }, after: { classes: shape(after) } });
    return true;
  });
  if (changed) await revalidateTags([tags.event(eventId), tags.events]).catch((err: unknown) => console.error(`[cache] revalidating event ${eventId} failed:`, err instanceof Error ? err.message : err));
  return listEventClassFees(eventId);
}
