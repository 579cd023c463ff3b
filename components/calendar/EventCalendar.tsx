/**
 * STUB (issue 8, calendar helper replaces it): the event calendar of a page (spec §2 Event
 * calendar views, §4 Calendar build): day, 4 day, week and month views driven by the page's
 * query (`view`, `date`, `from`, `until`), 'Load old events' / 'Load new events'.
 */
import type { Locale } from '@/lib/config';

export type CalendarScope = { promoterUserId: number } | { organizationId: number };

export interface EventCalendarProps {
  locale: Locale;
  /** The page's path without the locale ('/event-calendar', '/promoters/12', '/organizations/1/calendar'); the calendar's links keep it. */
  path: string;
  /** The page's search params as Next hands them (already awaited). */
  searchParams: Record<string, string | string[] | undefined>;
  /** Whose public events: all (undefined), one promoter (by user id) or one organization. */
  scope?: CalendarScope;
  /** Query keys of the page to keep on the calendar's links (e.g. 'tab'). */
  keep?: string[];
}

export async function EventCalendar(_props: EventCalendarProps) {
  return null;
}
