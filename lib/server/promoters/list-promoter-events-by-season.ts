/**
 * A promoter's public events by season (spec §2 promoter tab Events, /promoters/events/{id?}):
 * upcoming first, then past seasons, each with dates, venue, registration status and races.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import { events } from '../db/schema';
import { groupBySeason, listEventCards, type EventsBySeason } from './list-event-cards';

/** The public events of the promoter with row id `promoterId` (promoters.id), on `today` (YYYY-MM-DD). */
export async function listPromoterEventsBySeason(promoterId: number, today: string): Promise<EventsBySeason> {
  return groupBySeason(await listEventCards(eq(events.promoterId, promoterId), today), today);
}
