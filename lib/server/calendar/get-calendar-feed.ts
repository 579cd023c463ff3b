/**
 * A calendar's iCalendar feed (spec §2: each calendar is a feed a phone can subscribe to, per
 * promoter and per organization; §4 Calendar build: from 2 years back): the public events of
 * the whole site, of one public promoter (by user id) or of one public organization, from two
 * years back to everything ahead (up to the end of `calendarWindow()`).
 */
import 'server-only';
import { and, eq } from 'drizzle-orm';
import { parseISO } from 'date-fns';
import type { Locale } from '../../config';
import { calendarToday, calendarWindow, type CalendarScope } from '../../contracts/calendar';
import { AppError } from '../../errors';
import { siteOrigin } from '../config/env';
import { getDb } from '../db';
import { organizations, promoters } from '../db/schema';
import { toICalendar } from './ical';
import { icsTexts } from './ics-texts';
import { listCalendarEvents } from './list-calendar-events';
import { defaultRange } from './views';
import { organizationShown, promoterShown } from '../policy/visibility';

/** The name of whose calendar it is, or null when the promoter or organization is unknown or hidden. */
async function ownerName(scope: CalendarScope): Promise<string | null> {
  const db = getDb();
  if ('promoterUserId' in scope) {
    const [row] = await db
      .select({ name: promoters.name })
      .from(promoters)
      .where(and(eq(promoters.userId, scope.promoterUserId), promoterShown()));
    return row?.name ?? null;
  }
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(and(eq(organizations.id, scope.organizationId), organizationShown()));
  return row?.name ?? null;
}

/** The page showing the calendar (the feed's URL), without language prefix. */
function calendarPage(scope?: CalendarScope): string {
  if (!scope) return '/event-calendar';
  return 'promoterUserId' in scope ? `/promoters/${scope.promoterUserId}` : `/organizations/${scope.organizationId}/calendar`;
}

/**
 * The feed of `scope` (all when undefined) in `locale`: its name says whose it is
 * ('Events of Pine Hill Riders'), its events are all-day VEVENTs.
 * @throws AppError `not_found` ('Promoter not found' / 'Organization not found') for an unknown or hidden one.
 */
export async function getCalendarFeed(scope: CalendarScope | undefined, locale: Locale, origin: string = siteOrigin()): Promise<string> {
  const texts = await icsTexts(locale);
  let name = texts.siteName(new URL(origin).hostname);
  if (scope) {
    const owner = await ownerName(scope);
    if (!owner) throw new AppError('not_found', 'promoterUserId' in scope ? 'Promoter not found' : 'Organization not found');
    name = texts.ownerName(owner);
  }
  const today = calendarToday();
  const [, windowEnd] = calendarWindow(parseISO(today));
  const events = await listCalendarEvents({ range: { start: defaultRange(today).start, end: windowEnd }, scope, today });
  return toICalendar(events, { name, origin, locale, texts, pagePath: calendarPage(scope), feed: true });
}
