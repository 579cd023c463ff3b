/**
 * Builds an email once, as the raw RFC 5322 message (CRLF line ends) that is both written to
 * the outbox as an .eml file and handed unchanged to SMTP (DESIGN.md "email": nodemailer;
 * every message is also written under .data/outbox/). Uses nodemailer's stream transport with
 * `buffer: true`: nothing leaves the machine here.
 *
 * No `server-only` marker: the job worker (lib/server/jobs) loads it in the site's server under plain Node.
 */
import nodemailer, { type Address } from 'nodemailer';
import { serverEnv } from '../config/env';

/** An email to build: addresses as `'a@b.ca'` or `{ name, address }`; `from` defaults to MAIL_FROM. */
export interface OutgoingMail {
  to: string | Address;
  subject: string;
  /** Plain-text body. */
  text: string;
  /** HTML body (already escaped by the caller). */
  html?: string;
  replyTo?: string | Address;
  from?: string | Address;
  /** Extra headers, e.g. `{ 'X-Contact-Message-Id': '12' }`. */
  headers?: Record<string, string>;
  /**
   * Files sent with the message (issue 26: the receipt's PDF), base64 so the mail stays plain
   * JSON in a job's payload; each becomes a MIME part `Content-Disposition: attachment`.
   */
  attachments?: MailAttachment[];
}

/** A file attached to a mail: its name as the recipient sees it, its MIME type and its bytes in base64. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/** A built email: the raw message, and the SMTP envelope taken from its headers. */
export interface ComposedMail {
  raw: Buffer;
  envelope: { from: string | false; to: string[] };
  messageId: string;
}

let builder: ReturnType<typeof createBuilder> | undefined;

function createBuilder() {
  return nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
}

/**
 * The raw message of `mail` and its envelope (From → MAIL FROM, To → RCPT TO).
 * @throws Error from nodemailer when the message cannot be built (e.g. no recipient).
 */
export async function composeMail(mail: OutgoingMail): Promise<ComposedMail> {
  builder ??= createBuilder();
  const info = await builder.sendMail({
    from: mail.from ?? serverEnv().MAIL_FROM,
    to: mail.to,
    replyTo: mail.replyTo,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
    attachments: mail.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.contentBase64, encoding: 'base64' })),
  });
  if (!Buffer.isBuffer(info.message)) throw new Error('nodemailer did not return the message as a buffer');
  return { raw: info.message, envelope: { from: info.envelope.from, to: info.envelope.to }, messageId: info.messageId };
}
