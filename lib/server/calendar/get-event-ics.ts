/**
 * One event's `.ics` download (spec §2: every event can be added to a personal calendar;
 * RFC 5545): the public event (of a public promoter) as one all-day VEVENT whose URL is its
 * page in `locale`.
 */
import 'server-only';
import type { Locale } from '../../config';
import { calendarToday } from '../../contracts/calendar';
import { AppError } from '../../errors';
import { siteOrigin } from '../config/env';
import { icsFileName, toICalendar } from './ical';
import { icsTexts } from './ics-texts';
import { getCalendarEntry } from './list-calendar-events';

export interface IcsFile {
  /** `pine-hill-enduro.ics` */
  fileName: string;
  /** The iCalendar text (CRLF lines). */
  body: string;
}

/**
 * The `.ics` of event `eventId` in `locale`.
 * @throws AppError `not_found` ('Event not found') when the event is unknown, hidden, or its promoter is.
 */
export async function getEventIcs(eventId: number, locale: Locale, origin: string = siteOrigin()): Promise<IcsFile> {
  const entry = await getCalendarEntry(eventId, calendarToday());
  if (!entry) throw new AppError('not_found', 'Event not found');
  const texts = await icsTexts(locale);
  const body = toICalendar([entry], { name: entry.name, origin, locale, texts, pagePath: `/events/${entry.id}` });
  return { fileName: icsFileName(entry.name, entry.id), body };
}
