/**
 * Moving a waiting list (issue 27 "A full class takes a waiting list: a freed place is offered to
 * the next in line for a time the promoter sets, by email, and passes on when it lapses"): when a
 * place of a class frees (a cancellation, a released hold, a lapsed offer), the first `waiting`
 * rows in line (joined earliest) get `offered_until = now + offerHours` (the event's registration
 * settings, default 24 h) for as many places as are free, and each registrant (the rider, or the
 * guardian who registered a minor) gets a mail, enqueued in the same transaction, in the language
 * of their latest order (English when they have none), with the link
 * `<SITE_URL>/ll[/fr|/es]/events/{eventId}/register?offer={registrationId}` to take the place
 * (`acceptOffer`). An open offer holds its place: nobody else can take it until it lapses.
 *
 * No `server-only` marker: the job worker (the hold sweeper, the offers job) runs it under plain Node.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { BASE_PATH, LOCALES, type Locale } from '../../config';
import { DEFAULT_REGISTRATION_SETTINGS, registrationSettings } from '../../contracts/registration-settings';
import { formatDateTime } from '../../format';
import { localizedPath } from '../../i18n/routing';
import { siteOrigin } from '../config/env';
import type { Tx } from '../db';
import { classes, events, orders, participantProfiles, registrations, users } from '../db/schema';
import { actionLinkMail, outboxFileName, type OutgoingMail } from '../email';
import { enqueue } from '../jobs/enqueue';
import { classPlaces, lockClasses, waitingInLine } from './class-places';
import { placesToOffer } from './rules';

/** The link that takes an offered place (absolute). */
export function offerLink(eventId: number, registrationId: number, locale: Locale, origin: string = siteOrigin()): string {
  return `${origin}${BASE_PATH}${localizedPath(locale, `/events/${eventId}/register`)}?offer=${registrationId}`;
}

/** What an offer mail says. */
export interface OfferMailInput {
  locale: Locale;
  to: { name: string; email: string };
  rider: string;
  eventName: string;
  className: string;
  offeredUntil: Date;
  link: string;
}

/** The offer mail (plain text and minimal HTML, texts escaped), in `input.locale`. */
export function offerMail(input: OfferMailInput): Promise<OutgoingMail> {
  const values = { rider: input.rider, event: input.eventName, class: input.className, until: formatDateTime(input.offeredUntil, input.locale) };
  return actionLinkMail({ locale: input.locale, to: input.to, namespace: 'registrations.offerMail', closing: 'lapse', values, link: input.link });
}

const asLocale = (value: unknown): Locale => ((LOCALES as readonly string[]).includes(String(value)) ? (value as Locale) : 'en');

/** An offer made. */
export interface MadeOffer {
  registrationId: number;
  offeredUntil: Date;
  /** The mail's job id (null: the registrant has no email). */
  jobId: string | null;
}

/**
 * Offers the free places of class `classId` at event `eventId` to its waiting list at `now` (see
 * the module's docstring), in `tx`. Locks the class's row until `tx` ends.
 * @returns the offers made (none when no place is free or nobody waits).
 */
export async function offerFreedPlaces(tx: Tx, eventId: number, classId: number, now: Date): Promise<MadeOffer[]> {
  const locked = (await lockClasses(tx, eventId, [classId])).get(classId);
  if (!locked) return [];
  const places = await classPlaces(tx, eventId, classId, now);
  const count = placesToOffer(locked.capacity, places.registered, places.offersOpen, places.waitingWithoutOffer);
  const next = await waitingInLine(tx, eventId, classId, count);
  if (next.length === 0) return [];
  const [event] = await tx.select({ name: events.name, settings: events.registrationSettings }).from(events).where(eq(events.id, eventId));
  const parsed = registrationSettings.safeParse(event?.settings ?? {});
  const offerHours = (parsed.success ? parsed.data : DEFAULT_REGISTRATION_SETTINGS).offerHours;
  const offeredUntil = new Date(now.getTime() + offerHours * 3_600_000);
  const [cls] = await tx.select({ name: classes.name }).from(classes).where(eq(classes.id, classId));
  const made: MadeOffer[] = [];
  for (const row of next) {
    await tx.update(registrations).set({ offeredUntil }).where(and(eq(registrations.id, row.id), eq(registrations.state, 'waiting')));
    made.push({ registrationId: row.id, offeredUntil, jobId: await mailOffer(tx, row, eventId, event?.name ?? '', cls?.name ?? '', offeredUntil, now) });
  }
  return made;
}

/** Enqueues the offer mail of waiting row `row` to whoever registered it; null when they have no email. */
async function mailOffer(tx: Tx, row: { id: number; participantId: number; registeredBy: string | null }, eventId: number, eventName: string, className: string, offeredUntil: Date, now: Date): Promise<string | null> {
  const [rider] = await tx.select({ firstName: participantProfiles.firstName, lastName: participantProfiles.lastName, userId: participantProfiles.userId }).from(participantProfiles).where(eq(participantProfiles.participantId, row.participantId));
  const userId = row.registeredBy ?? rider?.userId ?? null;
  if (!userId) return null;
  const [user] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
  if (!user?.email) return null;
  const [latest] = await tx.select({ locale: orders.locale }).from(orders).where(inArray(orders.userId, [userId])).orderBy(desc(orders.createdAt), desc(orders.id)).limit(1);
  const locale = asLocale(latest?.locale);
  const mail = await offerMail({
    locale,
    to: { name: user.name ?? '', email: user.email },
    rider: rider ? `${rider.firstName} ${rider.lastName}`.trim() : '',
    eventName,
    className,
    offeredUntil,
    link: offerLink(eventId, row.id, locale),
  });
  return enqueue(tx, 'send-email', { mail, file: outboxFileName(now, `offer-${row.id}-${randomUUID().slice(0, 8)}`) });
}
