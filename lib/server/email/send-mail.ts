/**
 * Sends an email the site's way (DESIGN.md "email"): built once, written to the outbox as
 * `<ISO timestamp>-<id>.eml`, then sent through SMTP_URL when it is set. Mail that follows a
 * change is not sent from here but enqueued in the change's transaction as a `send-email` job
 * (lib/server/jobs: `enqueue(tx, 'send-email', { mail, file })`), which retries.
 *
 * No `server-only` marker: the job worker (lib/server/jobs) loads it in the site's server under plain Node.
 */
import { randomUUID } from 'node:crypto';
import { composeMail, type OutgoingMail } from './compose-mail';
import { deliverMail, type Delivery } from './deliver-mail';
import { outboxFileName, writeOutbox } from './outbox';

/** Where a sent message went: its .eml file (absolute path) and the SMTP outcome. */
export interface SentMail extends Delivery {
  file: string;
  messageId: string;
}

/**
 * Builds `mail`, writes it to the outbox (named with `id`, default a random UUID) and sends it
 * through SMTP when configured.
 * @throws Error when the message cannot be built or the .eml cannot be written (nothing was sent).
 * An SMTP failure does not throw: it is logged and reported as `sentAt: null`.
 */
export async function sendMail(mail: OutgoingMail, options: { id?: string | number; smtpUrl?: string | null; outboxDir?: string } = {}): Promise<SentMail> {
  const composed = await composeMail(mail);
  const file = await writeOutbox(composed.raw, outboxFileName(new Date(), options.id ?? randomUUID()), options.outboxDir);
  const delivery = await deliverMail(composed, { smtpUrl: options.smtpUrl });
  return { file, messageId: composed.messageId, ...delivery };
}
