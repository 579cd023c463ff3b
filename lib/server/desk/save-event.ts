/**
 * Creating and editing an event from the desk (issue 24; spec §1 "Promoters and organizers
 * manage events", §3 Event, §6 Event display and the online-registration permission): the
 * event's row and its audit record in one transaction, then every page and read that shows
 * the event revalidated on every instance (its page, the lists, its races, its series).
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import type { DeskEventInput } from '../../contracts/desk';
import { AppError } from '../../errors';
import { revalidateImport } from '../cache';
import { getDb } from '../db';
import { deskAudit, events, promoters, races } from '../db/schema';
import { assertAllowed, type Viewer } from '../policy';
import { deskEventColumns, toDeskEvent, toEventColumns } from './event-record';

/**
 * Revalidates, after a commit, everything that shows event `eventId`: its page and races, the
 * lists, its series. Never throws: the change is saved either way (a failed read of the races
 * leaves them to the event's tag, which their pages carry).
 */
async function revalidateEvent(eventId: number): Promise<void> {
  const raceRows = await getDb()
    .select({ id: races.id })
    .from(races)
    .where(eq(races.eventId, eventId))
    .catch(() => []);
  await revalidateImport(getDb(), { eventId, raceIds: raceRows.map((r) => r.id) });
}

/**
 * Creates an event of promoter `promoterId` (`promoters.id`) from `input` (already parsed with
 * `deskEventInput`), recording it in the audit log. Returns the new event's id.
 * @throws AppError `unauthenticated` (not logged in), `not_found` (the promoter is unknown or not
 *   one the viewer manages).
 */
export async function createEvent(viewer: Viewer, promoterId: number, input: DeskEventInput): Promise<number> {
  if (viewer === null) throw new AppError('unauthenticated');
  const [promoter] = await getDb().select({ id: promoters.id }).from(promoters).where(eq(promoters.id, promoterId));
  if (!promoter) throw new AppError('not_found');
  assertAllowed(viewer, 'event.edit', { promoterId });
  const id = await getDb().transaction(async (tx) => {
    const [row] = await tx
      .insert(events)
      .values({ promoterId, ...toEventColumns(input) })
      .returning({ id: events.id, ...deskEventColumns });
    await tx.insert(deskAudit).values({ userId: viewer.userId, promoterId, eventId: row.id, entity: 'event', entityId: row.id, action: 'create', before: null, after: toDeskEvent(row) });
    return row.id;
  });
  await revalidateEvent(id);
  return id;
}

/**
 * Replaces the desk's fields of event `eventId` with `input`, recording before and after in the
 * audit log (nothing is recorded, nor revalidated, when nothing changed). Two saves at once are
 * serialised on the event's row: each audit record's `before` is what its save replaced.
 * @throws AppError `unauthenticated`, `not_found` (unknown event, or another promoter's).
 */
export async function updateEvent(viewer: Viewer, eventId: number, input: DeskEventInput): Promise<void> {
  if (viewer === null) throw new AppError('unauthenticated');
  const changed = await getDb().transaction(async (tx) => {
    const [current] = await tx
      .select({ promoterId: events.promoterId, ...deskEventColumns })
      .from(events)
      .where(eq(events.id, eventId))
      .for('update');
    if (!current) throw new AppError('not_found');
    assertAllowed(viewer, 'event.edit', { promoterId: current.promoterId });
    const before = toDeskEvent(current);
    const [row] = await tx.update(events).set(toEventColumns(input)).where(eq(events.id, eventId)).returning(deskEventColumns);
    const after = toDeskEvent(row);
    if (JSON.stringify(before) === JSON.stringify(after)) return false;
    await tx.insert(deskAudit).values({ userId: viewer.userId, promoterId: current.promoterId, eventId, entity: 'event', entityId: eventId, action: 'update', before, after });
    return true;
  });
  if (changed) await revalidateEvent(eventId);
}
