/**
 * Sends a contact-form message (spec §1 "a contact page"; §5 Email for the address rule).
 *
 * In one database transaction: refuses a 4th message within 10 minutes from one address or one
 * IP (429 `rate_limited`, see ./rate-limit), stores the row in `contact_messages`, and enqueues
 * its email as a `send-email` job (lib/server/jobs; issue 22). Once the transaction commits the
 * visitor has 201, and a worker builds the email, writes it to OUTBOX_DIR as
 * `<ISO timestamp>-<id>.eml` (then `eml_file` is set) and, when SMTP_URL is set, sends the same
 * bytes (then `sent_at` is stamped). An outbox that cannot be written or an SMTP server that
 * fails is retried with backoff (and logged), never reported to the visitor: the message is
 * stored either way. A transaction that fails (rate limit, database) leaves no job: nothing is
 * sent.
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
import path from 'node:path';
import { getSiteSettings } from '../../cms';
import type { Locale } from '../../config';
import type { ContactMessageInput } from '../../contracts/contact';
import { AppError } from '../../errors';
import { serverEnv } from '../config/env';
import { getDb } from '../db';
import { contactMessages } from '../db/schema';
import { getOrganizationContact } from '../organizations/get-organization';
import { outboxDir, outboxFileName } from '../email';
import { enqueue } from '../jobs';
import { contactMail } from './contact-mail';
import { checkContactRateLimit } from './rate-limit';
import { captchaSecret, verifyCaptcha } from './verify-captcha';
import { defaultOrganizationId } from '../organizations/default-organization';

/** Who sent it: the interface language, and the visitor's IP ('unknown' when not known). */
export interface ContactContext {
  locale: Locale;
  ip: string;
}

/** A message accepted: its row id, the .eml its `send-email` job writes (absolute path), and that job's id. */
export interface ContactMessageResult {
  id: number;
  emlFile: string;
  jobId: string;
}

/**
 * Stores `input`, a message already checked with `contactMessageInput`, and enqueues its email.
 * @throws AppError 404 `not_found` (unknown or hidden organization), 400 `null_captcha` /
 * `invalid_captcha` (captcha on), 429 `rate_limited`
 * (a `RateLimitedError` carrying `retryAfterS`); nothing is stored then.
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

  const stored = await getDb().transaction(async (tx) => {
    await checkContactRateLimit(tx, input.email, context.ip);
    const [row] = await tx
      .insert(contactMessages)
      .values({ name: input.name, email: input.email, message: input.message, locale: context.locale, ip: context.ip, organizationId: organization?.id ?? null })
      .returning();
    const file = outboxFileName(row!.createdAt, row!.id);
    const jobId = await enqueue(tx, 'send-email', { mail: contactMail(row!, recipient, organization), file, contactMessageId: row!.id });
    return { id: row!.id, file, jobId };
  });
  return { id: stored.id, emlFile: path.join(outboxDir(), stored.file), jobId: stored.jobId };
}
