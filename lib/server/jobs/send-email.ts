/**
 * The `send-email` job (issue 22: email is sent after the change commits, and retried): writes
 * the message to the outbox as `<file>` (OUTBOX_DIR, lib/server/email/outbox.ts) and, when
 * SMTP_URL is set, hands the very same bytes to the SMTP server. Enqueued by the use case that
 * made the change, in its transaction (the contact form, a password reset): a rolled-back change
 * sends nothing.
 *
 * Safe to run again: a retry finds the .eml a previous attempt wrote and sends those bytes
 * (nothing is written twice). A failure throws, and the queue retries with backoff (./kinds.ts):
 * an outbox that cannot be written (nothing written), or an SMTP server that refuses or cannot be
 * reached (the .eml stays; it is sent on the next attempt). Without SMTP_URL the .eml is the
 * delivery.
 *
 * With `contactMessageId` the contact message's row records its .eml (`eml_file`, once written)
 * and when SMTP accepted it (`sent_at`).
 *
 * No `server-only` marker: the worker runs it in the site's server under plain Node.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { getDb } from '../db';
import { contactMessages } from '../db/schema';
import { composeMail, type OutgoingMail } from '../email/compose-mail';
import { deliverMail } from '../email/deliver-mail';
import { outboxDir, writeOutbox } from '../email/outbox';

/** What the job needs (stored as JSON in the queue). */
export interface SendEmailPayload {
  /** The message, already rendered in the recipient's language. */
  mail: OutgoingMail;
  /** Its outbox file name, fixed when enqueued (`outboxFileName(at, id)`): every attempt writes the same file. */
  file: string;
  /** The contact message this mail carries (its row gets `eml_file` and `sent_at`). */
  contactMessageId?: number;
}

/** What a run did: the .eml's name and when SMTP accepted the message (null: not configured). */
export interface SendEmailResult {
  file: string;
  sentAt: string | null;
}

/** The bytes already in the outbox at `file`, or null when there is none. */
async function existing(file: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * Runs one `send-email` job (see the module's docstring).
 * @throws Error when the .eml cannot be written or the SMTP send fails (the queue retries).
 */
export async function sendEmail(payload: SendEmailPayload): Promise<SendEmailResult> {
  const composed = await composeMail(payload.mail);
  const dir = outboxDir();
  const written = await existing(path.join(dir, payload.file));
  const raw = written ?? composed.raw;
  if (!written) await writeOutbox(raw, payload.file, dir);
  if (payload.contactMessageId !== undefined) {
    await getDb().update(contactMessages).set({ emlFile: payload.file }).where(eq(contactMessages.id, payload.contactMessageId));
  }
  const delivery = await deliverMail({ ...composed, raw });
  if (delivery.error && delivery.error !== 'not_configured') throw new Error(`SMTP send failed (the .eml is kept): ${delivery.error}`);
  if (delivery.sentAt && payload.contactMessageId !== undefined) {
    await getDb()
      .update(contactMessages)
      .set({ sentAt: delivery.sentAt })
      .where(eq(contactMessages.id, payload.contactMessageId))
      .catch((err: unknown) => console.error(`[jobs] contact message ${payload.contactMessageId} was sent but sent_at could not be stamped:`, err));
  }
  return { file: payload.file, sentAt: delivery.sentAt?.toISOString() ?? null };
}
