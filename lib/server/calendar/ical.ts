/**
 * iCalendar (RFC 5545) text of calendar entries, with `ical-generator` (DESIGN.md's choice):
 * one VCALENDAR with PRODID, a name in the visitor's language (X-WR-CALNAME) and a refresh
 * interval, and one all-day VEVENT per event (DTSTART;VALUE=DATE, DTEND;VALUE=DATE the day
 * after its last day), with a stable UID (`event-{id}@{host}`), SUMMARY, LOCATION (venue and
 * address), DESCRIPTION, URL (the event page, language-prefixed when not English),
 * LAST-MODIFIED and DTSTAMP. Spec §2 (every event can be added to a personal calendar; each
 * calendar is a feed), §3 Calendar. Pure: the texts and the site's origin come in.
 */
import { addDays, format, parseISO } from 'date-fns';
import ical, { ICalEventStatus } from 'ical-generator';
import { BASE_PATH, type Locale } from '../../config';
import { lastDayOf, type CalendarEntry } from '../../contracts/calendar';
import { stripAccents } from '../../format';
import { localizedPath } from '../../i18n/routing';

/** How often a subscribed calendar app should fetch the feed again, in seconds. */
export const FEED_REFRESH_S = 6 * 3600;

/** The texts of an iCalendar file in one language. */
export interface IcsTexts {
  /** The discipline's name ('Motocross'), or the stored value when unknown. */
  discipline: (discipline: string) => string;
  /** The registration status line ('Registration open', 'Done'). */
  status: (status: CalendarEntry['registrationStatus']) => string;
  /** 'Promoter: {name}' */
  promoter: (name: string) => string;
}

export interface IcsOptions {
  /** The calendar's name (X-WR-CALNAME), already in `locale`. */
  name: string;
  /** The site's public origin (`siteOrigin()`), e.g. https://fmqr.ca. */
  origin: string;
  locale: Locale;
  texts: IcsTexts;
  /** The page showing this calendar, without language prefix (the calendar's URL); optional. */
  pagePath?: string;
  /** Ask calendar apps to refresh (a feed); a single event's download does not. */
  feed?: boolean;
}

/** The absolute address of a site page in `locale`: origin + /ll + language prefix + path. */
export function pageUrl(origin: string, locale: Locale, path: string): string {
  return `${origin}${BASE_PATH}${localizedPath(locale, path)}`;
}

/** An event's stable UID: `event-{id}@{host}` (the same in every language and every feed). */
export function eventUid(id: number, origin: string): string {
  return `event-${id}@${new URL(origin).hostname}`;
}

/** The venue and its address on one line: "Pine Hill, 1200 Chemin du Lac, Sutton, QC J0E 2K0, Canada". */
export function eventLocation(e: Pick<CalendarEntry, 'location' | 'address' | 'city' | 'state' | 'postalCode' | 'country'>): string {
  const region = [e.state, e.postalCode].filter(Boolean).join(' ');
  return [e.location, e.address, e.city, region, e.country].map((part) => part?.trim()).filter(Boolean).join(', ');
}

/** A file name for an event's `.ics`: its name in plain lowercase words ("pine-hill-enduro.ics"). */
export function icsFileName(name: string, id: number): string {
  const slug = stripAccents(name)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || `event-${id}`}.ics`;
}

/** The iCalendar text (CRLF lines) of `entries`. */
export function toICalendar(entries: CalendarEntry[], opts: IcsOptions): string {
  const host = new URL(opts.origin).hostname;
  const calendar = ical({
    name: opts.name,
    prodId: { company: host, product: 'Event calendar', language: opts.locale.toUpperCase() },
    url: opts.pagePath ? pageUrl(opts.origin, opts.locale, opts.pagePath) : undefined,
    ttl: opts.feed ? FEED_REFRESH_S : undefined,
  });
  for (const e of entries) {
    const url = pageUrl(opts.origin, opts.locale, `/events/${e.id}`);
    const modified = new Date(e.modifiedAt);
    const what = [e.discipline ? opts.texts.discipline(e.discipline) : null, opts.texts.promoter(e.promoter.name)].filter(Boolean).join(' · ');
    calendar.createEvent({
      id: eventUid(e.id, opts.origin),
      allDay: true,
      // All-day dates are written from the UTC date: midnight UTC of the first day, and of the
      // day after the last (DTEND is exclusive, RFC 5545 §3.6.1).
      start: new Date(`${e.startDate}T00:00:00Z`),
      end: new Date(`${format(addDays(parseISO(lastDayOf(e)), 1), 'yyyy-MM-dd')}T00:00:00Z`),
      summary: e.name,
      // A cancelled event stays in the feed, so calendars that hold it mark it cancelled (RFC 5545 §3.8.1.11).
      ...(e.cancelled ? { status: ICalEventStatus.CANCELLED } : {}),
      location: eventLocation(e) || null,
      description: [what, opts.texts.status(e.registrationStatus), e.description?.trim(), url].filter(Boolean).join('\n'),
      url,
      // No METHOD: DTSTAMP is when the event was last revised (RFC 5545 §3.8.7.2), so the
      // text changes only when the event does.
      stamp: modified,
      lastModified: modified,
    });
  }
  return calendar.toString();
}
