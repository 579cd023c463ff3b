/**
 * POST /ll/api/v1/contact (spec §1 "a contact page", §5 Email, §8 errors normalised to
 * `{ error, message, statusCode }`): a visitor's message to the federation. Thin: checks the
 * body with `contactMessageInput` (lib/contracts/contact.ts), hands it to
 * `sendContactMessage` (lib/server/contact), replies.
 *
 * Request: `Content-Type: application/json`, at most `CONTACT_BODY_LIMIT` (20 KB):
 * `{ name, email, message, captchaToken?, website?, locale?, organizationId? }`. With
 * `organizationId` (the form of /organizations/{id}/contact) the message goes to that
 * organization's email as the database holds it, and is stored with its id. The language is the body's
 * `locale` (en, fr or es; default en): the form sends the page's language. The visitor's IP is
 * the first hop of `X-Forwarded-For` (Next's server sets it to the socket's address when no
 * proxy did; a proxy in front must overwrite it), else 'unknown' (../kit.ts `clientIp`).
 *
 * Replies:
 * - 201 `{ ok: true }`: stored, with its email queued in the same transaction (a `send-email`
 *   job, lib/server/jobs): the site's worker writes it to the outbox and sends it when SMTP_URL
 *   is set, retrying with backoff when either fails (logged, never reported to the visitor);
 * - 400 `{ error, message, statusCode, issues: [{ path, code }] }`: a field failed its check;
 *   `issues` has one entry per field with the contract's code (`null_name`, `name_too_short`,
 *   `invalid_email`, `message_too_long`, `invalid_website` for the honeypot …) and `error` is the
 *   first of them; also 400 `invalid_json`, `null_captcha`, `invalid_captcha`;
 * - 404 `not_found`: `organizationId` names no public organization (nothing stored);
 * - 413 `payload_too_large`; 415 `unsupported_media_type` (not JSON);
 * - 429 `rate_limited` with `Retry-After` (s, set by the app's onError): a 4th message within
 *   10 minutes from one address or one IP (lib/server/rate-limit/policies.ts `contact_*`);
 * - 503 `service_unavailable` (database down), safe to retry.
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { DEFAULT_LOCALE } from '../../../config';
import { CONTACT_BODY_LIMIT, contactIssues, contactMessageInput } from '../../../contracts/contact';
import { errorBody } from '../../../errors';
import { sendContactMessage } from '../../contact';
import { ErrorSchema, validationHook } from '../errors';
import { IssuesErrorSchema, clientIp, issuesHook, json, requireJson, tooManyReply } from '../kit';
import { named } from '../openapi';

const ContactMessage = named(contactMessageInput, 'ContactMessage', {
  description: 'A contact-form message (lib/contracts/contact.ts). `website` is a honeypot and must be empty.',
});


const limitBody = bodyLimit({
  maxSize: CONTACT_BODY_LIMIT,
  onError: (c) => c.json(errorBody('payload_too_large', `The request body is larger than ${CONTACT_BODY_LIMIT} bytes`), 413),
});

/** Failed field checks: 400 with the contract's codes as `issues`. */
const contactHook = issuesHook(contactIssues, 'The contact message is invalid');

/** The contact sub-app (mounted at /ll/api/v1/contact). */
export function contactRoutes() {
  const app = new OpenAPIHono({ defaultHook: validationHook });
  app.openapi(
    createRoute({
      method: 'post',
      path: '/',
      summary: 'Send a message to the federation or to one organization (contact form)',
      description:
        'Spec §1 contact page, §5 Email. Stores the message and queues its email (written as an .eml to the outbox and sent with nodemailer by the site’s job worker, retried on failure) to the CMS parameter ContactEmail (else CONTACT_EMAIL), Reply-To the visitor. With `organizationId` (spec §2 /organizations/{id?}/contact) it goes to that public organization’s email as stored (else the same recipient as above) and is stored with its id; an unknown or hidden organization answers 404 `not_found`. Language: the body’s `locale`. At most 3 messages per address and per IP in 10 minutes. A reCAPTCHA v2 token is required when the CMS parameter CaptchaSiteKey and CAPTCHA_SECRET_KEY are set.',
      middleware: [requireJson, limitBody] as const,
      request: { body: { content: { 'application/json': { schema: ContactMessage } }, required: true } },
      responses: {
        201: json(z.object({ ok: z.literal(true) }).openapi('ContactSent'), 'Accepted: stored, its email queued (outbox, then SMTP when configured)'),
        400: json(IssuesErrorSchema, 'A field failed its check (`issues`), or `invalid_json`, `null_captcha`, `invalid_captcha`'),
        404: json(ErrorSchema, '`not_found`: `organizationId` names no public organization'),
        413: json(ErrorSchema, '`payload_too_large`: over 20 KB'),
        415: json(ErrorSchema, '`unsupported_media_type`: the body is not JSON'),
        429: tooManyReply('`rate_limited`: 3 messages from this address or IP in the last 10 minutes'),
        503: json(ErrorSchema, '`service_unavailable`: the database is unreachable (nothing stored)'),
      },
    }),
    async (c) => {
      const input = c.req.valid('json');
      c.header('Cache-Control', 'no-store');
      await sendContactMessage(input, { locale: input.locale ?? DEFAULT_LOCALE, ip: clientIp(c) });
      return c.json({ ok: true as const }, 201);
    },
    (result, c) => contactHook(result, c),
  );
  return app;
}
