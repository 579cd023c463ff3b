/**
 * Every rate limit of the site, in one place (issue 22; DESIGN.md "rate-limit policies in one
 * file, counted in PostgreSQL"): name → how many attempts (`limit`) per window (`windowS`,
 * seconds), what they are counted by (`key`), and the error a refusal answers (`code`, with
 * `Retry-After`). Counted by ./counter.ts in `rate_limit_counters`, so every site instance on one
 * database counts together and a restart forgets nothing. A window opens with the first attempt
 * counted and closes `windowS` later; a refusal's `Retry-After` is the time until it closes.
 *
 * Key kinds: `address` the client's network address (first hop of X-Forwarded-For, as the site
 * server sets it); `account` an email, trimmed and lower-cased, whether or not an account has
 * it (so a limit never tells which emails exist); `account+address` both together.
 *
 * Logging in (spec §8 Login and reset; issue 22 "a stranger cannot lock a racer out"). Every
 * failed login counts against three limits at once, checked BEFORE the password is looked at
 * (a refused attempt is not judged, even with the right password; it counts nothing):
 * - `login_pair`: 5 failures per account AND address in 15 min. This is what a racer who
 *   mistypes meets, and all a stranger can do to one account from one address: it holds back
 *   that address only, never the racer at home or at the track.
 * - `login_address`: 30 failures per address in 15 min, whatever the accounts (one address
 *   guessing across many accounts).
 * - `login_account`: 25 failures per account in an hour from addresses that are not known for it.
 *   This bounds the guesses against one account from many addresses (a botnet): at most 25 an
 *   hour, plus 5 per 15 min from each address known for the account. Past it, an address that
 *   logged into the account within `login_known`'s window still gets its attempts judged (the
 *   racer at home is not locked out by strangers); an unknown address waits, or resets the
 *   password (the mailbox proves the holder: a reset forgets the account's failures).
 * - `login_known`: remembers, for 30 days from the first success, that an address logged into
 *   an account (counted on success; not a limit).
 * A success gives back its own attempt, forgets the pair's failures, and marks the address known.
 * A login that could not be judged (the database failed) gives back its attempt.
 *
 * Password reset (spec §4): `reset_address` 10 requests per address and `reset_account` 3 mails
 * per account in 15 min; past them nothing is sent (the reply is the same 202: no 429 there).
 *
 * Contact form (spec §1): `contact_email` 3 messages per sender's email and `contact_address` 3
 * per address in 10 min (sent messages only: a refused or failed one counts nothing).
 *
 * Accounts (spec §4; issue 22 "36 accounts from one address in two minutes"):
 * `account_create_address` 20 accounts created per address an hour (successes counted; checked
 * before the password is hashed; 20, not fewer, because the families at a track share the
 * venue's or the carrier's one public address on race morning); `duplicate_check_address` 30 Existing Account checks per
 * address in 10 min, refused creations (`email_taken`, `duplicate_account`) counted with them
 * (they answer the same question).
 *
 * The account's own actions (issue 22), each per login (`account`: the login's email):
 * - `claim_proof`: 10 wrong licence or member numbers an hour when claiming imported results
 *   (counted before the proof is checked, given back unless the number was wrong).
 * - `password_check`: 5 wrong passwords in 15 min where the password is asked again (closing
 *   the account or a minor's, changing the password or the email; a right one gives it back).
 * - `verification_resend`: 3 asked-for verification mails in 15 min (counted with the mail's job).
 *
 * Spectator waivers (issue 28): `spectator_waiver_link_address` 60 reads and signatures of a
 * waiver by its emailed link (no login) per address in 10 min; `spectator_waiver_link_mail` 10
 * waiver links emailed per buyer's login in 15 min (the buyer types the addresses).
 */
import type { ErrorCode } from '../../errors';

/** What a policy counts by (see the module's docstring). */
export type KeyKind = 'address' | 'account' | 'account+address';

export interface RatePolicy {
  /** Attempts allowed per window. */
  limit: number;
  /** The window, in seconds, from the first attempt counted. */
  windowS: number;
  key: KeyKind;
  /** The error of a refusal (429; the reply carries `Retry-After`). */
  code: ErrorCode;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const RATE_LIMITS = {
  login_pair: { limit: 5, windowS: 15 * MINUTE, key: 'account+address', code: 'too_many_attempts' },
  login_address: { limit: 30, windowS: 15 * MINUTE, key: 'address', code: 'too_many_attempts' },
  login_account: { limit: 25, windowS: HOUR, key: 'account', code: 'too_many_attempts' },
  login_known: { limit: 2_147_483_647, windowS: 30 * DAY, key: 'account+address', code: 'too_many_attempts' },
  reset_address: { limit: 10, windowS: 15 * MINUTE, key: 'address', code: 'too_many_attempts' },
  reset_account: { limit: 3, windowS: 15 * MINUTE, key: 'account', code: 'too_many_attempts' },
  contact_email: { limit: 3, windowS: 10 * MINUTE, key: 'account', code: 'rate_limited' },
  contact_address: { limit: 3, windowS: 10 * MINUTE, key: 'address', code: 'rate_limited' },
  account_create_address: { limit: 20, windowS: HOUR, key: 'address', code: 'too_many_attempts' },
  duplicate_check_address: { limit: 30, windowS: 10 * MINUTE, key: 'address', code: 'too_many_attempts' },
  claim_proof: { limit: 10, windowS: HOUR, key: 'account', code: 'too_many_attempts' },
  password_check: { limit: 5, windowS: 15 * MINUTE, key: 'account', code: 'too_many_attempts' },
  verification_resend: { limit: 3, windowS: 15 * MINUTE, key: 'account', code: 'too_many_attempts' },
  spectator_waiver_link_address: { limit: 60, windowS: 10 * MINUTE, key: 'address', code: 'too_many_attempts' },
  spectator_waiver_link_mail: { limit: 10, windowS: 15 * MINUTE, key: 'account', code: 'too_many_attempts' },
} as const satisfies Record<string, RatePolicy>;

export type PolicyName = keyof typeof RATE_LIMITS;
