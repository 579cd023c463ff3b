/**
 * The event display rule of event pages (spec §6 Event display), shared by /events/{id?} and
 * /eventScores/{id?}: the event when the visitor may see it, else a redirect to the default
 * promoter's results page (language-prefixed when not default); the tab title likewise.
 * `proxy.ts` runs the same rule (lib/server/permissions) before the page; this is the page's
 * own safety net.
 */
import 'server-only';
import type { Metadata } from 'next';
import type { Locale } from '@/lib/config';
import { redirect } from '@/lib/i18n/navigation';
import { displayableEvent, permissionSettings } from '@/lib/server/permissions';
import type { EventDetails } from '@/lib/server/events';

/** The event of the route, or a redirect (never returns) to the default promoter's results. */
export async function eventOrDefaultResults(segments: string[] | undefined, locale: Locale): Promise<EventDetails> {
  const event = await displayableEvent(segments);
  if (event) return event;
  const { defaultPromoterUserId } = await permissionSettings();
  return redirect({ href: `/results/${defaultPromoterUserId}`, locale });
}

/** The tab title of an event route: the event's name when the visitor may see it. */
export async function eventMetadata(segments: string[] | undefined): Promise<Metadata> {
  const event = await displayableEvent(segments);
  return event ? { title: event.name } : {};
}
