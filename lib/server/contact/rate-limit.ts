/**
 * The contact form's rate limit (spec §1 contact page; issue: "rate-limited per address"): at
 * most `CONTACT_RATE_LIMIT.max` (3) messages per email address, and separately per IP, within
 * `CONTACT_RATE_LIMIT.windowMs` (10 minutes), counted from the stored `contact_messages`.
 *
 * Runs inside the sending transaction after taking one transaction-scoped advisory lock per
 * address and per IP (always in that order, so two senders never wait on each other in a
 * cycle): concurrent messages from one address are counted one after the other, never both
 * let through. The time is the database's (`now()`, as `created_at` is).
 */
import 'server-only';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { CONTACT_RATE_LIMIT } from '../../contracts/contact';
import { AppError } from '../../errors';
import type { Db } from '../db';
import { contactMessages } from '../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** 429 `rate_limited`, with the seconds until one of the counted messages leaves the window. */
export class RateLimitedError extends AppError {
  constructor(
    /** Seconds until a message would be accepted (the `Retry-After` header). */
    readonly retryAfterS: number,
    readonly scope: 'email' | 'ip',
  ) {
    super('rate_limited', `Too many messages from this ${scope === 'email' ? 'email address' : 'network address'}: try again in ${retryAfterS} s`);
  }
}

const WINDOW_S = CONTACT_RATE_LIMIT.windowMs / 1000;

/**
 * Seconds until `column = value` has fewer than `max` messages in the window, or null when it
 * has room now. The message that must leave the window is the `max`-th newest (with exactly
 * `max` counted, the oldest of them).
 */
async function waitFor(tx: Tx, column: typeof contactMessages.email | typeof contactMessages.ip, value: string): Promise<number | null> {
  const [row] = await tx
    .select({
      seconds: sql<number>`ceil(extract(epoch from (${contactMessages.createdAt} + make_interval(secs => ${WINDOW_S}) - now())))::int`,
    })
    .from(contactMessages)
    .where(and(eq(column, value), gt(contactMessages.createdAt, sql`now() - make_interval(secs => ${WINDOW_S})`)))
    .orderBy(desc(contactMessages.createdAt))
    .limit(1)
    .offset(CONTACT_RATE_LIMIT.max - 1);
  return row ? Math.max(1, Number(row.seconds)) : null;
}

/**
 * Locks the address and the IP for this transaction, then refuses when either already sent
 * `max` messages within the window.
 * @throws RateLimitedError (429 `rate_limited`, `retryAfterS`) — the longer wait when both are over.
 */
export async function checkContactRateLimit(tx: Tx, email: string, ip: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('contact:email'), hashtext(${email}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('contact:ip'), hashtext(${ip}))`);
  const byEmail = await waitFor(tx, contactMessages.email, email);
  const byIp = await waitFor(tx, contactMessages.ip, ip);
  if (byEmail === null && byIp === null) return;
  if ((byEmail ?? 0) >= (byIp ?? 0)) throw new RateLimitedError(byEmail!, 'email');
  throw new RateLimitedError(byIp!, 'ip');
}
