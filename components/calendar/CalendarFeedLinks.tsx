/**
 * STUB (issue 8, calendar helper replaces it): subscribe (`webcal:`) and download links of a
 * calendar's iCalendar feed: the whole site's, a promoter's or an organization's.
 */
import type { Locale } from '@/lib/config';
import type { CalendarScope } from './EventCalendar';

export async function CalendarFeedLinks(_props: { locale: Locale; scope?: CalendarScope }) {
  return null;
}
