/**
 * A visitor buys tickets and so opens a spectator account (issue 28 "The four steps" 1: "buying
 * without an account creates a spectator account after email verification"; spec §3 Spectator,
 * §4 Spectator registration, §5 Spectator and the password rules, §6 account types, §8
 * Registration 'Email is already registered'): POST /ll/api/v1/registration/spectator.
 *
 * Step 1's checks come first, as for a logged-in buyer (`checkBuyerStart`: 'Event not found',
 * the event's day, 'Only valid for Adults'), then the login email (`email_taken`, issue at
 * `['buyer','email']`: the page offers to log in instead), then the per-address limit of account
 * creations (`account_create_address`, looked at before the password is hashed, counted in the
 * creating transaction, as for a participant account).
 *
 * ONE transaction writes the login (`users`, role `spectator`, its `name` the buyer's first and
 * last name, email not verified), its credential (`auth_accounts`, the scrypt hash better-auth
 * made), and the open spectator registration with the buyer as its first spectator
 * (`openBuyerRegistration`: 'Spectator already registered' when that person already holds a spot
 * that day), its `submission_id` the form's. Any refusal rolls all of it back: no account without
 * its registration.
 *
 * The same `submissionId` again (a double tap, a retried request) answers the first creation with
 * `repeated: true` and writes nothing; two at once run one after the other (an advisory lock on
 * the submission id). The route sends the verification link, whose page leads back to step 2:
 * until the email is verified the buyer may look at the registration but not sign or pay
 * (lib/server/policy `VERIFIED_ACTIONS`).
 */
import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { spectatorAccountInput, type SpectatorAccountInput } from '../../contracts/spectator-account';
import { getDb, type Db } from '../db';
import { spectatorRegistrations, users } from '../db/schema';
import { consume, RateLimitedError, wait } from '../rate-limit';
import { checkBuyerStart, openBuyerRegistration } from '../spectators/start-registration';
import { parseSpectatorInput } from '../spectators/spectator-context';
import { getAuth } from './auth';
import { isEmailTaken } from './check-duplicate';
import { AccountFieldError, insertLogin, isUniqueViolation } from './create-account';

/** What was created (or found again for a repeated submission). */
export interface CreatedSpectatorAccount {
  /** The open spectator registration (`/spectator/{eventId}?r={registrationId}`). */
  registrationId: string;
  eventId: number;
  /** The login's email (lower case): the route logs a repeat back in only into this account. */
  email: string;
  repeated: boolean;
}

/** `email_taken` at the buyer's email field. */
const buyerEmailTaken = () => new AccountFieldError('email_taken', [{ path: ['buyer', 'email'], code: 'email_taken' }]);

/** The creation of form `submissionId`, if it happened. */
async function submitted(db: Pick<Db, 'select'>, submissionId: string): Promise<CreatedSpectatorAccount | null> {
  const [row] = await db
    .select({ registrationId: spectatorRegistrations.id, eventId: spectatorRegistrations.eventId, email: users.email })
    .from(spectatorRegistrations)
    .innerJoin(users, eq(users.id, spectatorRegistrations.buyerUserId))
    .where(eq(spectatorRegistrations.submissionId, submissionId))
    .limit(1);
  return row ? { ...row, repeated: true } : null;
}

/**
 * Opens the spectator account and registration of `raw` (see the module's docstring).
 * @param options.ip the client's address (limits creations per address; none without it: tests, scripts).
 * @throws AppError `null_entries` ('Please fill all entries') or a field's `invalid_*` code;
 *   `event_not_found`, `invalid_event_day`, `invalid_birthday`, `adults_only`,
 *   `spectator_already_registered`; AccountFieldError 409 `email_taken`; RateLimitedError 429.
 */
export async function createSpectatorAccount(raw: SpectatorAccountInput, options: { ip?: string; now?: Date } = {}): Promise<CreatedSpectatorAccount> {
  const input = parseSpectatorInput(spectatorAccountInput, raw);
  const db = getDb();
  const already = await submitted(db, input.submissionId);
  if (already) return already;
  const now = options.now ?? new Date();
  const start = await checkBuyerStart(input, now);
  const email = start.person.email!;
  if (await isEmailTaken(email, db)) {
    const meanwhile = await submitted(db, input.submissionId);
    if (meanwhile) return meanwhile;
    throw buyerEmailTaken();
  }
  const perAddress = options.ip === undefined ? null : ({ policy: 'account_create_address', subject: { address: options.ip } } as const);
  if (perAddress) {
    const seconds = await wait(perAddress, { db, now: options.now });
    if (seconds !== null) throw new RateLimitedError(perAddress.policy, seconds);
  }
  const hash = await (await getAuth().$context).password.hash(input.password);
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('spectator-account'), hashtext(${input.submissionId}))`);
      const repeated = await submitted(tx, input.submissionId);
      if (repeated) return repeated;
      if (perAddress) await consume([perAddress], { db: tx, now: options.now });
      const userId = await insertLogin(tx, { name: `${start.person.firstName} ${start.person.lastName}`, email, role: 'spectator', hash });
      const registration = await openBuyerRegistration(tx, userId, start, now, input.submissionId);
      return { registrationId: registration.id, eventId: start.event.id, email, repeated: false };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_unique')) throw buyerEmailTaken();
    throw err;
  }
}
