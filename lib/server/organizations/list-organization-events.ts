/**
 * An organization's public events (spec §2 /organizations/{id?}/events and
 * /organizations/{id?}/events/{eventId}): the events it sanctions (events.organization_id), and
 * the events of its clubs that name no other organization.
 */
import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '../db';
import { events, promoters } from '../db/schema';
import { groupBySeason, listEventCards, type EventsBySeason } from '../promoters/list-event-cards';
import { eventShown, organizationEvents } from '../events/visibility';
import { tagRead, tags } from '../cache/tags';

/** The organization's public events on `today` (YYYY-MM-DD): upcoming first, then past seasons. */
export async function listOrganizationEvents(id: number, today: string): Promise<EventsBySeason> {
  tagRead(tags.events);
  return groupBySeason(await listEventCards(organizationEvents(id), today), today);
}

/** Whether event `eventId` is a public event of organization `id`. */
export async function isOrganizationEvent(id: number, eventId: number): Promise<boolean> {
  tagRead(tags.events);
  const [row] = await getDb()
    .select({ id: events.id })
    .from(events)
    .innerJoin(promoters, eq(promoters.id, events.promoterId))
    .where(and(eq(events.id, eventId), eventShown(), organizationEvents(id)));
  return !!row;
}
