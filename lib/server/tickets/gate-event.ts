/**
 * The event a gate works for (issue 28 "The gate scanner in the desk"): found, and the viewer
 * allowed to scan its tickets (policy `tickets.scan`: staff of the event's promoter, officials,
 * admins). Anyone else, like an unknown event, gets `not_found`.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import { AppError } from '../../errors';
import { getDb } from '../db';
import { events } from '../db/schema';
import { assertAllowed, type Principal, type Viewer } from '../policy';

/** The event and its promoter. */
export interface GateEvent {
  id: number;
  promoterId: number;
  name: string;
  /** First and last day, YYYY-MM-DD (the last null for a one-day event). */
  startDate: string;
  endDate: string | null;
}

/**
 * Event `eventId` when `viewer` may scan its tickets.
 * @throws AppError `unauthenticated`; `not_found` (no such event, or not allowed).
 */
export async function gateEvent(viewer: Viewer, eventId: number): Promise<{ event: GateEvent; principal: Principal }> {
  if (viewer === null) throw new AppError('unauthenticated');
  const [event] = Number.isSafeInteger(eventId) && eventId > 0 ? await getDb().select({ id: events.id, promoterId: events.promoterId, name: events.name, startDate: events.startDate, endDate: events.endDate }).from(events).where(eq(events.id, eventId)) : [];
  if (!event) throw new AppError('not_found');
  assertAllowed(viewer, 'tickets.scan', { promoterId: event.promoterId });
  return { event, principal: viewer };
}
