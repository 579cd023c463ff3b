/**
 * Step 3, the waiver by email (issue 28 "each adult signs their own waiver, on the same phone or
 * by an emailed link to /waiver/{documentUUID}"; spec §2 /waiver/{documentUUID?}, §4 Spectator
 * registration): the buyer of an open registration sends an adult spectator (not themself: they
 * sign on their phone) the link `<SITE_URL>/ll[/fr|/es]/waiver/{signingId}` in the registration's
 * language, as a `send-email` job enqueued in the transaction (nothing is sent if it rolls back).
 * The link is the capability to sign (the spectator's unguessable `signing_id`). A minor has no
 * link (the buyer signs for them: `spectator_not_found`); a signed waiver is not asked again
 * (answered `sent: false`).
 */
import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { BASE_PATH, type Locale } from '../../config';
import { formatDate } from '../../format';
import { localizedPath } from '../../i18n/routing';
import { AppError } from '../../errors';
import { siteOrigin } from '../config/env';
import { getDb } from '../db';
import { spectators } from '../db/schema';
import { actionLinkMail, outboxFileName, type OutgoingMail } from '../email';
import { enqueue } from '../jobs/enqueue';
import type { Viewer } from '../policy';
import { isAdultOn } from './rules';
import { asLocale, assertOpen, isUuid, liveSpectators, loadTicketEvent, ownRegistration } from './spectator-context';
import { spectatorWaiver } from './spectator-waivers';

/** The page where an adult signs their waiver by link (absolute). */
export function waiverLink(signingId: string, locale: Locale, origin: string = siteOrigin()): string {
  return `${origin}${BASE_PATH}${localizedPath(locale, `/waiver/${signingId}`)}`;
}

/** What the waiver link mail says. */
export interface WaiverLinkMailInput {
  locale: Locale;
  to: { name: string; email: string };
  buyer: string;
  eventName: string;
  /** YYYY-MM-DD. */
  day: string;
  link: string;
}

/** The mail asking an adult spectator to sign (plain text and minimal HTML, texts escaped), in `input.locale`. */
export function waiverLinkMail(input: WaiverLinkMailInput): Promise<OutgoingMail> {
  const values = { buyer: input.buyer, event: input.eventName, day: formatDate(input.day, input.locale) };
  return actionLinkMail({ locale: input.locale, to: input.to, namespace: 'spectators.waiverLinkMail', closing: 'ignore', values, link: input.link });
}

/**
 * Emails spectator `spectatorId` of registration `registrationId` of buyer `viewer` their waiver link (see the module's docstring).
 * @returns `sent`: false when their waiver is signed already (nothing sent); the job's id when sent.
 * @throws AppError `unauthenticated`; `spectator_not_found` (unknown, removed, the buyer, a minor); `spectator_registration_closed`.
 */
export async function sendWaiverLink(viewer: Viewer, registrationId: string, spectatorId: string, options: { now?: Date } = {}): Promise<{ sent: boolean; jobId: string | null }> {
  const now = options.now ?? new Date();
  return getDb().transaction(async (tx) => {
    const registration = await ownRegistration(viewer, registrationId, tx, { lock: true });
    assertOpen(registration);
    if (!isUuid(spectatorId)) throw new AppError('spectator_not_found');
    const [spectator] = await tx
      .select()
      .from(spectators)
      .where(and(eq(spectators.id, spectatorId.toLowerCase()), eq(spectators.registrationId, registration.id), isNull(spectators.removedAt)));
    if (!spectator || spectator.isBuyer || !spectator.email || !isAdultOn(spectator.birthday, registration.day)) throw new AppError('spectator_not_found');
    if ((await spectatorWaiver(tx, spectator.id)).state === 'signed') return { sent: false, jobId: null };
    const buyer = (await liveSpectators(tx, registration.id)).find((s) => s.isBuyer)!;
    const event = (await loadTicketEvent(registration.eventId, tx))!;
    const locale = asLocale(registration.locale);
    const mail = await waiverLinkMail({
      locale,
      to: { name: `${spectator.firstName} ${spectator.lastName}`, email: spectator.email },
      buyer: `${buyer.firstName} ${buyer.lastName}`.trim(),
      eventName: event.name,
      day: registration.day,
      link: waiverLink(spectator.signingId, locale),
    });
    const jobId = await enqueue(tx, 'send-email', { mail, file: outboxFileName(now, `waiver-link-${randomUUID()}`) });
    return { sent: true, jobId };
  });
}
