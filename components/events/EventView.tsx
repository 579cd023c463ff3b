/**
 * STUB (issue 8, event-page helper replaces it): the body of an event page (spec §2 Event page
 * with races, registration, start grid, results and series), shared by /events/{id} and
 * /organizations/{id}/events/{eventId}. Tabs are links (`?tab=`), rendered on the server.
 */
import type { Locale } from '@/lib/config';
import type { EventDetails } from '@/lib/server/events';

export interface EventViewProps {
  locale: Locale;
  event: EventDetails;
  /** The page's path without the locale ('/events/12', '/organizations/1/events/12'): tab links keep it. */
  path: string;
  /** The page's search params as Next hands them (already awaited). */
  searchParams: Record<string, string | string[] | undefined>;
}

export async function EventView(_props: EventViewProps) {
  return null;
}
