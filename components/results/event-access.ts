/**
 * The event display rule of event pages (spec §6 Event display), shared by /events/{id?} and
 * /eventScores/{id?}: the event when the visitor may see it, else a redirect to the default
 * promoter's results page (language-prefixed when not default); the tab title likewise.
 */
import 'server-only';
import type { Metadata } from 'next';
import { getSiteSettings } from '@/lib/cms';
import type { Locale } from '@/lib/config';
import { parseOptionalId } from '@/lib/contracts/ids';
import { redirect } from '@/lib/i18n/navigation';
import { getEvent, type EventDetails } from '@/lib/server/events';
import { displayableEvent } from '@/lib/server/permissions';

/** The event of the route, or a redirect (never returns) to the default promoter's results. */
export async function eventOrDefaultResults(segments: string[] | undefined, locale: Locale): Promise<EventDetails> {
  const event = await displayableEvent(segments);
  if (event) return event;
  const settings = await getSiteSettings(locale);
  return redirect({ href: `/results/${settings.defaultPromoterUserId}`, locale });
}

/** The tab title of an event route: the event's name when it is public. */
export async function eventMetadata(segments: string[] | undefined): Promise<Metadata> {
  const id = parseOptionalId(segments);
  const event = id === null ? null : await getEvent(id);
  return event?.isPublic ? { title: event.name } : {};
}
