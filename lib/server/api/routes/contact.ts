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
 * proxy did; a proxy in front must overwrite it), else 'unknown'.
 *
 * Replies:
 * - 201 `{ ok: true }`: stored, written to the outbox, and sent when SMTP_URL is set (a failed
 *   SMTP send is logged, not reported: the .eml in the outbox is kept for the federation);
 * - 400 `{ error, message, statusCode, issues: [{ path, code }] }`: a field failed its check;
 *   `issues` has one entry per field with the contract's code (`null_name`, `name_too_short`,
 *   `invalid_email`, `message_too_long`, `invalid_website` for the honeypot …) and `error` is the
 *   first of them; also 400 `invalid_json`, `null_captcha`, `invalid_captcha`;
 * - 404 `not_found`: `organizationId` names no public organization (nothing stored);
 * - 413 `payload_too_large`; 415 `unsupported_media_type` (not JSON);
 * - 429 `rate_limited` with `Retry-After` (s): a 4th message within 10 minutes from one
 *   address or one IP;
 * - 503 `mail_unavailable` (the outbox cannot be written; nothing stored) or
 *   `service_unavailable` (database down), both safe to retry.
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { DEFAULT_LOCALE } from '../../../config';
import { CONTACT_BODY_LIMIT, contactIssues, contactMessageInput } from '../../../contracts/contact';
import { errorBody } from '../../../errors';
import { RateLimitedError, sendContactMessage } from '../../contact';
import { ErrorSchema, validationHook } from '../errors';
import { named } from '../openapi';

const ContactMessage = named(contactMessageInput, 'ContactMessage', {
  description: 'A contact-form message (lib/contracts/contact.ts). `website` is a honeypot and must be empty.',
});

const ContactError = ErrorSchema.extend({
  issues: z
    .array(z.object({ path: z.array(z.union([z.string(), z.number()])), code: z.string().openapi({ example: 'invalid_email' }) }))
    .openapi({ description: 'One entry per failed field, with the contract’s code' }),
}).openapi('ContactError');

const json = <T extends z.ZodType>(schema: T, description: string) => ({ content: { 'application/json': { schema } }, description });

/** `application/json` or `application/*+json`, with parameters. */
const JSON_TYPE = /^application\/([a-z.-]+\+)?json\s*(;|$)/i;

/** 415 for a body that is not declared JSON (before anything reads it). */
const requireJson: MiddlewareHandler = async (c, next) => {
  if (!JSON_TYPE.test(c.req.header('content-type') ?? '')) return c.json(errorBody('unsupported_media_type'), 415);
  await next();
};

const limitBody = bodyLimit({
  maxSize: CONTACT_BODY_LIMIT,
  onError: (c) => c.json(errorBody('payload_too_large', `The request body is larger than ${CONTACT_BODY_LIMIT} bytes`), 413),
});

/**
 * The visitor's address as the site server set it: X-Forwarded-For holds exactly one address
 * there (site-server.ts clientAddress, TRUSTED_PROXY_HOPS). At most 64 characters, else 'unknown'.
 */
export function clientIp(forwardedFor: string | undefined): string {
  const first = forwardedFor?.split(',')[0]?.trim();
  return first ? first.slice(0, 64) : 'unknown';
}

/** English text of a failed field, for API readers (the form translates the codes). */
function issuesMessage(issues: { path: (string | number)[]; code: string }[]): string {
  return `The contact message is invalid: ${issues.map((i) => `${i.path.join('.') || 'body'} (${i.code})`).join(', ')}`;
}

/** The contact sub-app (mounted at /ll/api/v1/contact). */
export function contactRoutes() {
  const app = new OpenAPIHono({ defaultHook: validationHook });
  app.openapi(
    createRoute({
      method: 'post',
      path: '/',
      summary: 'Send a message to the federation or to one organization (contact form)',
      description:
        'Spec §1 contact page, §5 Email. Stores the message, writes it as an .eml to the outbox and emails it (nodemailer) to the CMS parameter ContactEmail (else CONTACT_EMAIL), Reply-To the visitor. With `organizationId` (spec §2 /organizations/{id?}/contact) it goes to that public organization’s email as stored (else the same recipient as above) and is stored with its id; an unknown or hidden organization answers 404 `not_found`. Language: the body’s `locale`. At most 3 messages per address and per IP in 10 minutes. A reCAPTCHA v2 token is required when the CMS parameter CaptchaSiteKey and CAPTCHA_SECRET_KEY are set.',
      middleware: [requireJson, limitBody] as const,
      request: { body: { content: { 'application/json': { schema: ContactMessage } }, required: true } },
      responses: {
        201: json(z.object({ ok: z.literal(true) }).openapi('ContactSent'), 'Accepted: stored, in the outbox, and sent when SMTP is configured'),
        400: json(ContactError, 'A field failed its check (`issues`), or `invalid_json`, `null_captcha`, `invalid_captcha`'),
        404: json(ErrorSchema, '`not_found`: `organizationId` names no public organization'),
        413: json(ErrorSchema, '`payload_too_large`: over 20 KB'),
        415: json(ErrorSchema, '`unsupported_media_type`: the body is not JSON'),
        429: {
          ...json(ErrorSchema, '`rate_limited`: 3 messages from this address or IP in the last 10 minutes'),
          headers: z.object({ 'Retry-After': z.string().openapi({ description: 'Seconds until a message would be accepted' }) }),
        },
        503: json(ErrorSchema, '`mail_unavailable`: the message could not be written (nothing stored); or `service_unavailable`'),
      },
    }),
    async (c) => {
      const input = c.req.valid('json');
      try {
        await sendContactMessage(input, { locale: input.locale ?? DEFAULT_LOCALE, ip: clientIp(c.req.header('x-forwarded-for')) });
      } catch (err) {
        if (err instanceof RateLimitedError) {
          c.header('Retry-After', String(err.retryAfterS));
          c.header('Cache-Control', 'no-store');
          return c.json(err.toJSON(), 429);
        }
        throw err;
      }
      c.header('Cache-Control', 'no-store');
      return c.json({ ok: true as const }, 201);
    },
    (result, c) => {
      if (result.success) return;
      const issues = contactIssues(result.error);
      const code = issues[0]?.code ?? 'invalid_request';
      return c.json({ error: code, message: issuesMessage(issues), statusCode: 400, issues }, 400);
    },
  );
  return app;
}
