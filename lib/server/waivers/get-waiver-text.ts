/**
 * The waiver text to show and sign (issue 27 "The waiver text is CMS content per event type and
 * language, versioned; what is signed is the exact version shown, offered in French first on
 * French pages"; GET /api/v1/waivers/text): the CMS's text of that kind and of the event's
 * discipline (events.discipline: an enduro's own text) in the page's language, else in English,
 * else the kind's general text in the page's language, else in English (lib/cms/waivers.ts); when
 * the CMS has none or cannot be reached, the built-in text of the messages
 * (`waivers.fallback.<kind>`, in the page's language), so the product works on a fresh machine.
 * Its version is the SHA-256 (hex) of `title + '\n\n' + body` exactly as shown (./waiver-hash.ts):
 * signing checks the page showed the current one for the event's discipline.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import type { Locale } from '../../config';
import { EVENT_DISCIPLINES, type EventDiscipline } from '../../contracts/events';
import type { WaiverKind, WaiverText } from '../../contracts/waivers';
import { getCmsWaiverText } from '../../cms/waivers';
import { AppError } from '../../errors';
import { loadMessages } from '../../i18n/messages';
import { getDb } from '../db';
import { events } from '../db/schema';
import { waiverVersion } from './waiver-hash';

/** The built-in text of `kind` in `locale` (messages `waivers.fallback.<kind>`). */
export async function fallbackWaiverText(kind: WaiverKind, locale: Locale): Promise<{ title: string; body: string }> {
  const messages = await loadMessages(locale);
  return messages.waivers.fallback[kind];
}

/** `value` (events.discipline) when it is one of EVENT_DISCIPLINES, else null (no discipline-specific text). */
export function asDiscipline(value: string | null | undefined): EventDiscipline | null {
  return value && (EVENT_DISCIPLINES as readonly string[]).includes(value) ? (value as EventDiscipline) : null;
}

/**
 * The waiver text of `kind` for a page in `locale` and an event of `discipline` (null or absent:
 * the general text), with its version (see the module's docstring). Never throws on a CMS outage.
 */
export async function getWaiverText(kind: WaiverKind, locale: Locale, discipline: EventDiscipline | null = null): Promise<WaiverText> {
  const cms = await getCmsWaiverText(kind, locale, discipline);
  const text = cms ?? { locale, discipline: null, ...(await fallbackWaiverText(kind, locale)) };
  return { kind, locale: text.locale, version: waiverVersion(text.title, text.body), title: text.title, body: text.body, discipline: text.discipline };
}

/** The discipline of event `eventId` (null when it has none the texts know). @throws AppError `not_found` (unknown event). */
export async function eventDiscipline(eventId: number): Promise<EventDiscipline | null> {
  const [event] = await getDb().select({ discipline: events.discipline }).from(events).where(eq(events.id, eventId));
  if (!event) throw new AppError('not_found');
  return asDiscipline(event.discipline);
}

/** The waiver text of `kind` for event `eventId` (its discipline's) in `locale`. @throws AppError `not_found` (unknown event). */
export async function getEventWaiverText(kind: WaiverKind, locale: Locale, eventId: number): Promise<WaiverText> {
  return getWaiverText(kind, locale, await eventDiscipline(eventId));
}
