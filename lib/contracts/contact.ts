/**
 * The contact form's message (spec §1 "a contact page", §5 Email): one schema shared by the
 * form (`zodResolver`), the API route (POST /ll/api/v1/contact) and the domain
 * (lib/server/contact). Imports nothing from the server.
 *
 * Fields: `name` (trimmed, 2–100 characters, no control characters), `email` (trimmed,
 * lower-cased, the spec §5 shape: letters, digits, dot, underscore or hyphen, then @, a
 * domain, then a top-level part of 2 to 4 letters; at most 254 characters), `message`
 * (trimmed, 10–5000 characters, no NUL), an optional `captchaToken` (reCAPTCHA v2 response), a
 * honeypot `website` that people leave empty (bots fill it), an optional `locale` (the
 * interface language the visitor writes from; default en), and an optional `organizationId`
 * (the organization written to from /organizations/{id}/contact; absent: the federation; its
 * address is looked up by the server, never sent by the client). Unknown keys are dropped.
 *
 * Issues carry CODES as their message, never English (`null_name`, `name_too_short`,
 * `invalid_email`, `message_too_long` …, see `CONTACT_ISSUE_CODES`); the form shows
 * `t('contact.errors.' + code)`, the API answers them in `issues: [{ path, code }]`. A
 * malformed `organizationId` is the API's usual `invalid_id` (the form never lets a visitor
 * type it: it comes from the page).
 *
 * The zod-free half (limits, `EMAIL_PATTERN`, codes, `contactIssues`) lives in
 * ./contact-rules.ts and is re-exported here; the form reaches these schemas only through a
 * dynamic `import()` (issue 23: no zod in the contact page's first load).
 */
import { z } from 'zod';
import { LOCALES } from '../config';
import { CONTACT_LIMITS, EMAIL_PATTERN } from './contact-rules';
import { idField } from './ids';

export * from './contact-rules';

/** A string field whose type error is `invalid_<field>`, its absence `null_<field>`. */
function text(field: 'name' | 'email' | 'message') {
  return z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? `null_${field}` : `invalid_${field}`) });
}

/** No control characters (a name goes into the Subject and Reply-To headers). */
const NO_CONTROLS = /^[^\p{Cc}]*$/u;
/** No NUL character (PostgreSQL text cannot hold it). */
const NO_NUL = /^[^\u0000]*$/;

/** The contact form's message (see the module's docstring). */
export const contactMessageInput = z.object({
  name: text('name')
    .trim()
    .min(1, { error: 'null_name', abort: true })
    .regex(NO_CONTROLS, { error: 'invalid_name', abort: true })
    .min(CONTACT_LIMITS.name.min, 'name_too_short')
    .max(CONTACT_LIMITS.name.max, 'name_too_long'),
  email: text('email')
    .trim()
    .toLowerCase()
    .min(1, { error: 'null_email', abort: true })
    .max(CONTACT_LIMITS.email.max, { error: 'invalid_email', abort: true })
    .regex(EMAIL_PATTERN, 'invalid_email'),
  message: text('message')
    .trim()
    .min(1, { error: 'null_message', abort: true })
    .regex(NO_NUL, { error: 'invalid_message', abort: true })
    .min(CONTACT_LIMITS.message.min, 'message_too_short')
    .max(CONTACT_LIMITS.message.max, 'message_too_long'),
  captchaToken: z.string({ error: 'invalid_captcha' }).max(CONTACT_LIMITS.captchaToken.max, 'invalid_captcha').optional(),
  /** Honeypot: hidden from people, filled by bots; anything but empty is refused. */
  website: z.string({ error: 'invalid_website' }).max(0, 'invalid_website').optional(),
  locale: z.enum(LOCALES, { error: 'invalid_locale' }).optional(),
  /** The organization written to (/organizations/{id}/contact); absent: the federation (the site's contact page). */
  organizationId: idField('organization').optional(),
}, { error: 'invalid_request' });

/**
 * The form's own check: the message without the honeypot, which only the server judges (a
 * browser that autofills it must not leave the visitor with an error on a field they cannot see).
 */
export const contactFormInput = contactMessageInput.omit({ website: true });

/** What the form holds and the API receives (before trimming and lower-casing). */
export type ContactMessageFields = z.input<typeof contactMessageInput>;
/** A checked message: trimmed, email lower-cased. */
export type ContactMessageInput = z.output<typeof contactMessageInput>;
