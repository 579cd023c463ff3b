/**
 * The promoter's draw of a class's start grid (issue 27 "the start grid follows registration order
 * or the promoter's draw"): `drawStartGrid` shuffles the class's live `registered` riders
 * (`shuffle`: Fisher–Yates with `crypto.randomInt`) and writes their `grid_position` 1…n;
 * `clearStartGrid` takes the positions away, so the grid follows registration order again. Each in
 * ONE transaction with the class's row locked as registering locks it (`lockClasses`: a rider
 * registering meanwhile waits, then goes after the drawn ones), with its desk audit record
 * (entity `class`, the grid's registration ids before and after), then the event's pages
 * revalidated. Policy `event.edit` on the event's promoter (its staff, federation admins);
 * anyone else, an unknown event or a class the event does not offer: `not_found`.
 */
import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { StartGridClass } from '../../contracts/event-registration';
import { AppError } from '../../errors';
import { revalidateTags, tags } from '../cache';
import { getDb, type Tx } from '../db';
import { deskAudit, events, registrations } from '../db/schema';
import { assertAllowed, type Viewer } from '../policy';
import { lockClasses } from './class-places';
import { shuffle } from './shuffle';
import { readStartGrid } from './start-grid';

/** The class's grid as it stands now, in `tx` (empty when no rider is registered). */
async function gridOf(tx: Tx, eventId: number, classId: number): Promise<StartGridClass> {
  return (await readStartGrid(eventId, classId, tx))[0] ?? { classId, className: '', drawn: false, rows: [] };
}

/** Runs `change` on the class's grid in one transaction (see the module's docstring) and answers the grid written. */
async function changeGrid(viewer: Viewer, eventId: number, classId: number, change: (tx: Tx, before: StartGridClass) => Promise<void>): Promise<StartGridClass> {
  if (viewer === null) throw new AppError('unauthenticated');
  const grid = await getDb().transaction(async (tx) => {
    const [event] = await tx.select({ promoterId: events.promoterId }).from(events).where(eq(events.id, eventId));
    if (!event) throw new AppError('not_found');
    assertAllowed(viewer, 'event.edit', { promoterId: event.promoterId });
    if (!(await lockClasses(tx, eventId, [classId])).has(classId)) throw new AppError('not_found');
    const before = await gridOf(tx, eventId, classId);
    await tx.update(registrations).set({ gridPosition: null }).where(and(eq(registrations.eventId, eventId), eq(registrations.classId, classId)));
    await change(tx, before);
    const after = await gridOf(tx, eventId, classId);
    await tx.insert(deskAudit).values({
      userId: viewer.userId,
      promoterId: event.promoterId,
      eventId,
      entity: 'class',
      entityId: classId,
      action: 'update',
      before: { startGrid: before.rows.map((r) => r.registrationId), drawn: before.drawn },
      after: { startGrid: after.rows.map((r) => r.registrationId), drawn: after.drawn },
    });
    return after;
  });
  await revalidateTags([tags.event(eventId)]).catch((err: unknown) => console.error(`[cache] revalidating event ${eventId} failed:`, err instanceof Error ? err.message : err));
  return grid;
}

/**
 * Draws the start grid of class `classId` at event `eventId` for `viewer` (see the module's docstring).
 * @returns the class's grid in its drawn order (positions 1…n).
 * @throws AppError `unauthenticated`; `not_found` (unknown event, another promoter's, or a class it does not offer).
 */
export async function drawStartGrid(viewer: Viewer, eventId: number, classId: number): Promise<StartGridClass> {
  return changeGrid(viewer, eventId, classId, async (tx, before) => {
    const order = shuffle(before.rows.map((r) => r.registrationId));
    for (const [i, id] of order.entries()) await tx.update(registrations).set({ gridPosition: i + 1 }).where(eq(registrations.id, id));
  });
}

/**
 * Returns the start grid of class `classId` at event `eventId` to registration order for `viewer`.
 * @returns the class's grid in registration order.
 * @throws as `drawStartGrid`.
 */
export async function clearStartGrid(viewer: Viewer, eventId: number, classId: number): Promise<StartGridClass> {
  return changeGrid(viewer, eventId, classId, async () => {});
}
