/**
 * Hands a built message to the SMTP server of SMTP_URL (`smtp://user:pass@host:587`,
 * `smtps://…`), unchanged: the same bytes as its .eml in the outbox (`raw` + `envelope`).
 * Without SMTP_URL nothing leaves the machine and the outbox file is the delivery.
 *
 * No `server-only` marker: the job worker (lib/server/jobs) loads it in the site's server under plain Node.
 */
import nodemailer from 'nodemailer';
import { serverEnv } from '../config/env';
import type { ComposedMail } from './compose-mail';

/** Time limits of an SMTP send, in ms: connect, greeting, and inactivity. */
export const SMTP_TIMEOUTS_MS = { connection: 10_000, greeting: 10_000, socket: 20_000 } as const;

const transports = new Map<string, ReturnType<typeof nodemailer.createTransport>>();

function smtpTransport(url: string) {
  let transport = transports.get(url);
  if (!transport) {
    transport = nodemailer.createTransport({
      url,
      connectionTimeout: SMTP_TIMEOUTS_MS.connection,
      greetingTimeout: SMTP_TIMEOUTS_MS.greeting,
      socketTimeout: SMTP_TIMEOUTS_MS.socket,
    });
    transports.set(url, transport);
  }
  return transport;
}

/** The outcome of a delivery: when the SMTP server accepted it, or null (not configured, or failed). */
export interface Delivery {
  sentAt: Date | null;
  /** Why it was not sent: `not_configured`, or the SMTP error's text (also logged). */
  error: string | null;
}

/**
 * Sends `mail` through SMTP_URL (or `options.smtpUrl`). Never throws: a failure (server
 * unreachable, refused, timeout) is logged and answered as `{ sentAt: null, error }`, since the
 * message is already safe in the outbox.
 */
export async function deliverMail(mail: ComposedMail, options: { smtpUrl?: string | null } = {}): Promise<Delivery> {
  const url = options.smtpUrl === undefined ? serverEnv().SMTP_URL : options.smtpUrl;
  if (!url) return { sentAt: null, error: 'not_configured' };
  try {
    await smtpTransport(url).sendMail({ envelope: mail.envelope, raw: mail.raw });
    return { sentAt: new Date(), error: null };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    console.error(`[mail] SMTP send of ${mail.messageId} failed (kept in the outbox): ${error}`);
    return { sentAt: null, error };
  }
}
