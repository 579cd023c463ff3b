/**
 * The zod-free half of the contact form's contract (spec §1 "a contact page", §5 Email): the
 * limits (`CONTACT_LIMITS`, the rate limit, the body size), the email shape
 * (`EMAIL_PATTERN`, also the account forms'), the issue codes, `contactIssues` and the reply's
 * shape. The contact form imports these from here so that its page's first load carries no
 * zod (issue 23); the schemas live in ./contact.ts, which re-exports all of this (the API route
 * and the tests keep importing from there). Imports nothing from the server.
 */
import { firstIssuePerField, type CheckFailure, type FieldIssue } from './field-issues';

/** Lengths in characters (after trimming). */
export const CONTACT_LIMITS = {
  name: { min: 2, max: 100 },
  email: { max: 254 },
  message: { min: 10, max: 5000 },
  captchaToken: { max: 4096 },
} as const;

/** Per address and per IP: at most `max` messages within `windowMs` (ms); the next answers 429. */
export const CONTACT_RATE_LIMIT = { max: 3, windowMs: 10 * 60_000 } as const;

/** Largest request body the contact call reads, in bytes (the API answers 413 above). */
export const CONTACT_BODY_LIMIT = 20 * 1024;

/**
 * An email's shape, wider than spec §5 (issue 25; README "Accounts"): a local part of at most
 * 64 letters, digits and `. _ % + -` (so `parent+race@…` tags), no leading, trailing or doubled
 * dot; then @ and a domain of labels (letters, digits, inner hyphens, at most 63 each); then a
 * top-level part of 2 to 63 letters (`.ca`, `.quebec`, `.photography`) or an IDN in punycode
 * (`xn--…`). Still refused: no @ or two, spaces, `_` in the domain, no dot after the @, a
 * one-letter or digit-bearing ending, a label starting or ending with a hyphen.
 */
export const EMAIL_PATTERN =
  /^(?=[^@]{1,64}@)[A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{0,58}[A-Za-z0-9])$/;

/** Every code a field of the contact message can fail with (the messages' `contact.errors.*`). */
export const CONTACT_ISSUE_CODES = [
  'null_name',
  'invalid_name',
  'name_too_short',
  'name_too_long',
  'null_email',
  'invalid_email',
  'null_message',
  'invalid_message',
  'message_too_short',
  'message_too_long',
  'invalid_captcha',
  'invalid_website',
  'invalid_locale',
] as const;
export type ContactIssueCode = (typeof CONTACT_ISSUE_CODES)[number];

/** One field's fault in a 400 reply: `path` is the field (`['email']`), `code` a `ContactIssueCode`. */
export type ContactIssue = FieldIssue;

/**
 * The field issues of a failed check, one per field (the first), codes as zod left them.
 * Used by the API's 400 reply; the form gets the same codes through `zodResolver`.
 */
export function contactIssues(error: CheckFailure): ContactIssue[] {
  return firstIssuePerField(error, (message, path) => {
    if (/^[a-z_]+$/.test(message)) return message;
    const field = path.length ? String(path[0]) : '';
    return /[a-z]Id$/.test(field) ? 'invalid_id' : field ? `invalid_${field}` : 'invalid_request';
  });
}

/** The reply of a message accepted (201). */
export interface ContactMessageSent {
  ok: true;
}
