/**
 * The home page's next events (issue 25 "Home for race day: … next events"; spec §2 Landing
 * page, Event calendar): the public events running today or later, soonest first, from the
 * calendar's read (lib/server/calendar `listCalendarEvents`, cached and tagged `events`).
 * Cancelled ones stay in the list, marked (`cancelled`), as the calendar shows them.
 */
import 'server-only';
import type { CalendarEntry } from '../../contracts/calendar';
import { listCalendarEvents } from '../calendar/list-calendar-events';

/** Days ahead the home page looks for events (a season and a half). */
export const NEXT_EVENTS_DAYS = 550;

function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The first `limit` public events (of public promoters) running on `today` (YYYY-MM-DD, the
 * federation's date) or on one of the next NEXT_EVENTS_DAYS days, soonest first (then by id).
 */
export async function listNextEvents(today: string, limit = 5): Promise<CalendarEntry[]> {
  const entries = await listCalendarEvents({ range: { start: today, end: addDays(today, NEXT_EVENTS_DAYS) }, today });
  return entries.slice(0, limit);
}
