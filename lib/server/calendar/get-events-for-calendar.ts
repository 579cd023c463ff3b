/**
 * POST livelaps/event/getEventsForCalendar (spec §7; §4 Calendar build, Registration status):
 * the calendar by year, month and week from `date` (default: the federation's today shifted
 * back 2 years) to the end of the calendar window.
 */
import 'server-only';
import { parseISO } from 'date-fns';
import { calendarToday, calendarWindow, type CalendarRequest, type CalendarYear } from '../../contracts/calendar';
import { DEFAULT_LOCALE } from '../../config';
import { contentLocale } from '../../i18n/routing';
import { buildCalendar, calendarStart } from './build';
import { listCalendarEvents } from './list-calendar-events';

/**
 * Public events of public promoters (one promoter's with `promoterId`, a promoter user id; only
 * those open to online registration with type `regis`), built into years, months and weeks with
 * month and weekday names in `locale`.
 */
export async function getEventsForCalendar(body: Partial<CalendarRequest>, now: Date = new Date()): Promise<CalendarYear[]> {
  // The federation's date, not the server's: near midnight in Quebec they differ.
  const today = parseISO(calendarToday(now));
  const from = body.date ?? calendarStart(today);
  const entries = await listCalendarEvents({
    range: { start: from, end: calendarWindow(today)[1] },
    scope: body.promoterId ? { promoterUserId: body.promoterId } : undefined,
    registrationOnly: body.type === 'regis',
    today: calendarToday(now),
  });
  const events = entries.map(({ id, name, startDate, endDate, location, city, discipline, registrationStatus }) => ({ id, name, startDate, endDate, location, city, discipline, registrationStatus }));
  return buildCalendar(events, { today, from, locale: contentLocale(body.locale ?? DEFAULT_LOCALE) });
}
