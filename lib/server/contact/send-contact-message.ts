/**
 * Sends a contact-form message (spec §1 "a contact page"; §5 Email for the address rule).
 *
 * In one database transaction: refuses a 4th message within 10 minutes from one address or one
 * IP (429 `rate_limited`, see ./rate-limit), stores the row in `contact_messages`, builds the
 * email once and writes it to OUTBOX_DIR as `<ISO timestamp>-<id>.eml`. Only when the file is
 * written does the row commit; if the file cannot be written the transaction rolls back and
 * the visitor gets 503 `mail_unavailable` (nothing stored, nothing sent); if the commit fails
 * the file is removed again. No half-written state either way.
 *
 * After the commit, when SMTP_URL is set, the same raw message goes to the SMTP server and
 * `sent_at` is stamped. A failed SMTP send is logged and NOT reported to the visitor: the row
 * stays with `sent_at` null and the .eml in the outbox is the copy the federation reads (or
 * resends). Without SMTP_URL that is always so.
 *
 * The recipient is the CMS parameter ContactEmail, else CONTACT_EMAIL. A message with an
 * `organizationId` (spec §2 /organizations/{id?}/contact) goes to that organization's email as
 * the database holds it (never an address from the client), and is stored with its
 * `organization_id`; an organization without an email falls back to the federation's
 * recipient above (the mail names the organization); an unknown or hidden organization is
 * refused with 404 `not_found` before anything is stored. The same rate limits apply. The
 * captcha is checked first when the CMS parameter CaptchaSiteKey and CAPTCHA_SECRET_KEY are
 * both set (./verify-captcha).
 */
import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { getSiteSettings } from '../../cms';
import type { Locale } from '../../config';
import type { ContactMessageInput } from '../../contracts/contact';
import { AppError } from '../../errors';
import { serverEnv } from '../config/env';
import { getDb } from '../db';
import { contactMessages } from '../db/schema';
import { getOrganizationContact } from '../organizations/get-organization';
import { composeMail, deliverMail, outboxDir, outboxFileName, writeOutbox, type ComposedMail } from '../email';
import { contactMail } from './contact-mail';
import { checkContactRateLimit } from './rate-limit';
import { captchaSecret, verifyCaptcha } from './verify-captcha';
import { defaultOrganizationId } from '../organizations/default-organization';

/** Who sent it: the interface language, and the visitor's IP ('unknown' when not known). */
export interface ContactContext {
  locale: Locale;
  ip: string;
}

/** A message accepted: its row id, its .eml (absolute path), and when SMTP accepted it (null: outbox only). */
export interface ContactMessageResult {
  id: number;
  emlFile: string;
  sentAt: Date | null;
}

/**
 * Stores, writes to the outbox and (with SMTP_URL) sends `input`, a message already checked
 * with `contactMessageInput`.
 * @throws AppError 404 `not_found` (unknown or hidden organization), 400 `null_captcha` /
 * `invalid_captcha` (captcha on), 429 `rate_limited`
 * (a `RateLimitedError` carrying `retryAfterS`), 503 `mail_unavailable` (the .eml could not be
 * written; nothing was stored).
 */
export async function sendContactMessage(input: ContactMessageInput, context: ContactContext): Promise<ContactMessageResult> {
  const env = serverEnv();
  const organization = input.organizationId === undefined ? null : await getOrganizationContact(input.organizationId);
  if (input.organizationId !== undefined && !organization) throw new AppError('not_found', 'Organization not found');
  const settings = await getSiteSettings(context.locale);
  const secret = captchaSecret(settings.captchaSiteKey, env.CAPTCHA_SECRET_KEY);
  if (secret) await verifyCaptcha(input.captchaToken, secret, context.ip);
  // The site's own organization answers where the site's contact page does (the ContactEmail
  // parameter, else CONTACT_EMAIL); another organization at its own address.
  const siteOrganization = organization !== null && organization.id === (await defaultOrganizationId(settings));
  const recipient = (siteOrganization ? null : organization?.email) ?? settings.contactEmail ?? env.CONTACT_EMAIL;
  const dir = outboxDir();

  const db = getDb();
  let file: string | null = null;
  let stored: { id: number; composed: ComposedMail };
  try {
    stored = await db.transaction(async (tx) => {
      await checkContactRateLimit(tx, input.email, context.ip);
      const [row] = await tx
        .insert(contactMessages)
        .values({ name: input.name, email: input.email, message: input.message, locale: context.locale, ip: context.ip, organizationId: organization?.id ?? null })
        .returning();
      try {
        const composed = await composeMail(contactMail(row!, recipient, organization));
        file = await writeOutbox(composed.raw, outboxFileName(row!.createdAt, row!.id), dir);
        await tx.update(contactMessages).set({ emlFile: path.basename(file) }).where(eq(contactMessages.id, row!.id));
        return { id: row!.id, composed };
      } catch (err) {
        if (file) throw err;
        console.error(`[contact] could not write the message to the outbox ${dir}:`, err instanceof Error ? err.message : err);
        throw new AppError('mail_unavailable', undefined, { cause: err });
      }
    });
  } catch (err) {
    if (file) await fs.rm(file, { force: true }).catch(() => {});
    throw err;
  }

  const delivery = await deliverMail(stored.composed);
  if (delivery.sentAt) {
    await db
      .update(contactMessages)
      .set({ sentAt: delivery.sentAt })
      .where(eq(contactMessages.id, stored.id))
      .catch((err: unknown) => console.error(`[contact] message ${stored.id} was sent but sent_at could not be stamped:`, err));
  }
  return { id: stored.id, emlFile: file!, sentAt: delivery.sentAt };
}
