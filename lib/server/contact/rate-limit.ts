/**
 * The contact form's rate limit (spec §1 contact page; issue: "rate-limited per address"; issue
 * 22: one limiter, counted in PostgreSQL): at most `contact_email` (3) messages per sender's
 * email address, and separately `contact_address` (3) per IP, within 10 minutes
 * (lib/server/rate-limit/policies.ts).
 *
 * Runs inside the sending transaction: both are counted at once (atomic upserts, so concurrent
 * messages from one address are counted one after the other, never all let through, and every
 * site instance counts together), and rolled back with it when the message cannot be stored or
 * written: only sent messages count.
 */
import 'server-only';
import { consume, RateLimitedError, type Executor } from '../rate-limit';

export { RateLimitedError };

/**
 * Counts one message from `email` and `ip`, or refuses it.
 * @throws RateLimitedError (429 `rate_limited`, `retryAfterS`) — the longer wait when both are over.
 */
export async function checkContactRateLimit(tx: Executor, email: string, ip: string, now?: Date): Promise<void> {
  await consume(
    [
      { policy: 'contact_email', subject: { account: email } },
      { policy: 'contact_address', subject: { address: ip } },
    ],
    { db: tx, now },
  );
}
