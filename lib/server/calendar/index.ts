/**
 * The event calendar (spec §2 Event calendar views, §3 Calendar, §4 Calendar build, §7
 * getEventsForCalendar): the build, the views, the query, and the iCalendar downloads and
 * feeds. One use case per file.
 */
export { calendarToday, calendarWindow } from '../../contracts/calendar';
export { buildCalendar, calendarStart, dayTitle, firstWeekendOf, isBandReverse, weekStartOf, weeksCovering, type BuildOptions } from './build';
export * from './views';
export { getCalendarBounds, getCalendarEntry, listCalendarEvents, type CalendarBounds, type CalendarQueryInput } from './list-calendar-events';
export { eventLocation, eventUid, icsFileName, pageUrl, toICalendar, type IcsOptions, type IcsTexts } from './ical';
export { calendarTranslator, icsTexts } from './ics-texts';
export { getEventIcs, type IcsFile } from './get-event-ics';
export { getCalendarFeed } from './get-calendar-feed';
export { getEventsForCalendar } from './get-events-for-calendar';
