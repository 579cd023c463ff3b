/**
 * One event on the desk (issue 24): its fields as the desk edits them, its promoter, and who
 * changed what (the audit log).
 */
import 'server-only';
import { and, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { DeskEventInput } from '../../contracts/desk';
import { AppError } from '../../errors';
import { getDb } from '../db';
import { deskAudit, events, users, type DESK_ENTITIES } from '../db/schema';
import { assertAllowed, type Viewer } from '../policy';
import { deskEventColumns, toDeskEvent } from './event-record';

export interface DeskEvent {
  id: number;
  promoterId: number;
  event: DeskEventInput;
}

export interface DeskAuditRow {
  id: number;
  /** ISO 8601 */
  at: string;
  /** The login's name, or its id when the login is gone. */
  by: string;
  entity: (typeof DESK_ENTITIES)[number];
  entityId: number;
  action: 'create' | 'update';
  /** The name of the record changed when it is not the event (a race's, as saved). */
  subject: string | null;
  /** The fields that changed: name → [before, after] (before null for a create). */
  changes: Record<string, [unknown, unknown]>;
}

/**
 * Event `id` for `viewer` to edit.
 * @throws AppError `not_found` when the event does not exist or the viewer does not manage its
 *   promoter (another promoter's event answers like an unknown one); `unauthenticated` when not logged in.
 */
export async function getDeskEvent(viewer: Viewer, id: number): Promise<DeskEvent> {
  const [row] = await getDb()
    .select({ id: events.id, promoterId: events.promoterId, ...deskEventColumns })
    .from(events)
    .where(eq(events.id, id));
  if (!row) {
    if (viewer === null) throw new AppError('unauthenticated');
    throw new AppError('not_found');
  }
  assertAllowed(viewer, 'event.edit', { promoterId: row.promoterId });
  return { id: row.id, promoterId: row.promoterId, event: toDeskEvent(row) };
}

/** What changed between two records (keys of either; JSON-equal values are unchanged). */
export function changesOf(before: Record<string, unknown> | null, after: Record<string, unknown>): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of new Set([...Object.keys(before ?? {}), ...Object.keys(after)])) {
    const was = before?.[key] ?? null;
    const now = after[key] ?? null;
    if (JSON.stringify(was) !== JSON.stringify(now)) changes[key] = [was, now];
  }
  return changes;
}

/** Desk changes matching `where`, newest first, at most 200; `subject` names a record that is not the one listed (a race of an event). */
export async function listAudit(where: SQL, listed: DeskAuditRow['entity']): Promise<DeskAuditRow[]> {
  const rows = await getDb()
    .select({ id: deskAudit.id, at: deskAudit.at, userId: deskAudit.userId, name: users.name, entity: deskAudit.entity, entityId: deskAudit.entityId, action: deskAudit.action, before: deskAudit.before, after: deskAudit.after })
    .from(deskAudit)
    .leftJoin(users, eq(users.id, deskAudit.userId))
    .where(where)
    .orderBy(desc(deskAudit.at), desc(deskAudit.id))
    .limit(200);
  return rows.map((r) => ({ id: r.id, at: r.at.toISOString(), by: r.name ?? r.userId, entity: r.entity, entityId: r.entityId, action: r.action, subject: r.entity === listed ? null : typeof r.after.name === 'string' ? r.after.name : null, changes: changesOf(r.before, r.after) }));
}

/**
 * The desk changes of event `eventId` (the event's and its races'), newest first; at most 200. Check the viewer with `getDeskEvent` first.
 * Sign-on's lines (entity `registration`: a rider marked present, a transponder handed out, a gate payment) are sign-on's own record, not listed here.
 */
export function listEventAudit(eventId: number): Promise<DeskAuditRow[]> {
  return listAudit(and(eq(deskAudit.eventId, eventId), ne(deskAudit.entity, 'registration'))!, 'event');
}
