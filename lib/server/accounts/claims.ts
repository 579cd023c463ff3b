/**
 * Claiming imported results (issue 11 "Profiles": "Imported results link to an account when the
 * participant claims them …, never silently by name alone"): GET|POST
 * /ll/api/v1/users/current/claims.
 *
 * A timing import writes one racer record (`participants`) per rider and file, with no account.
 * The candidates a holder may claim are the racer records whose first and last names equal the
 * profile's, compared folded (case, accents, apostrophes and hyphens aside: the trackside fold,
 * lib/server/trackside/fold.ts, the same on both sides: there is no `unaccent` extension), that
 * are not the profile's own record, not claimed yet, and not another profile's own record.
 * Each comes with its hometown and the events where it has a result (count, latest).
 *
 * The proof: the licence or member number printed on the record. The given `licence` must
 * equal (letters and digits only, case aside: `normaliseLicence`) the record's
 * `participants.licence` or one of its `memberships.number`. A record with neither cannot be
 * claimed here (400 `invalid_licence`, the message says to contact the federation); a wrong or
 * missing number is 400 `invalid_licence` too. Never by name alone. Wrong numbers are limited
 * per login against guessing (lib/server/rate-limit/policies.ts `claim_proof`: 10 an hour,
 * counted in PostgreSQL by the login's email): 429 `too_many_attempts` with `Retry-After`.
 *
 * A claim writes `participant_claims` (method `licence`) and, in the same transaction, makes the
 * series standings count the claimed record as the same rider as the holder's own record
 * (lib/server/series/riders.ts `mergeRiders`: one hand-set `rider:` key for both and every
 * record already sharing a key with them); after the commit the series holding their results
 * are revalidated (lib/server/cache/revalidate-riders.ts), as `npm run riders -- merge` does.
 */
import 'server-only';
import { and, countDistinct, desc, eq, inArray, isNull, max, ne, sql } from 'drizzle-orm';
import type { ClaimCandidate, ClaimInput } from '../../contracts/account';
import { AppError } from '../../errors';
import { revalidateRiders } from '../cache/revalidate-riders';
import { getDb, type Db } from '../db';
import { entries, events, memberships, participantClaims, participantProfiles, participants, races, results } from '../db/schema';
import { eventShown } from '../events/visibility';
import { matchingLicence, mergeRiders, normaliseLicence } from '../series/riders';
import { foldSql, foldText } from '../trackside/fold';
import { consume, RATE_LIMITS, release } from '../rate-limit';
import { type Reader } from './check-duplicate';
import { AccountFieldError } from './create-account';
import { requireHolder, type HolderRow } from './get-profile';
import { raceShown } from '../policy/visibility';

/** Wrong licence numbers per login: 10 in an hour (the policy `claim_proof`). */
export const CLAIM_LIMIT = { max: RATE_LIMITS.claim_proof.limit, windowMs: RATE_LIMITS.claim_proof.windowS * 1000 } as const;

/** The message of a record that has nothing to prove a claim with. */
export const NO_PROOF_MESSAGE = 'This racer record has no licence or member number to prove it is yours: please contact the federation to have it linked to your account';

/** The candidates and the records already claimed by the holder. */
export interface ClaimLists {
  candidates: ClaimCandidate[];
  claimed: ClaimCandidate[];
}

/** SQL: the racer record of the current row carries the holder's folded names. */
function sameName(holder: HolderRow) {
  return and(
    sql`${foldSql(sql`${participants.firstName}`)} = ${foldText(holder.profile.firstName)}`,
    sql`${foldSql(sql`${participants.lastName}`)} = ${foldText(holder.profile.lastName)}`,
  );
}

/** SQL: the current row's racer record is free to claim by `holder` (not theirs, not claimed, no other profile's own). */
function claimable(holder: HolderRow) {
  return and(
    ne(participants.id, holder.profile.participantId),
    isNull(participantClaims.participantId),
    isNull(participantProfiles.id),
  );
}

/** The records matching `where` as `ClaimCandidate`s, the latest event first. */
async function recordsWhere(db: Db, where: ReturnType<typeof and>): Promise<ClaimCandidate[]> {
  const rows = await db
    .select({ participantId: participants.id, firstName: participants.firstName, lastName: participants.lastName, city: participants.city, state: participants.state })
    .from(participants)
    .leftJoin(participantClaims, eq(participantClaims.participantId, participants.id))
    .leftJoin(participantProfiles, eq(participantProfiles.participantId, participants.id))
    .where(where)
    .orderBy(participants.id)
    .limit(200);
  if (!rows.length) return [];
  const ids = rows.map((r) => r.participantId);
  const shown = await db
    .select({ participantId: entries.participantId, events: countDistinct(events.id), lastDate: max(events.startDate) })
    .from(entries)
    .innerJoin(results, eq(results.entryId, entries.id))
    .innerJoin(races, and(eq(races.id, entries.raceId), raceShown()))
    .innerJoin(events, eq(events.id, races.eventId))
    .where(and(inArray(entries.participantId, ids), eventShown()))
    .groupBy(entries.participantId);
  const latest = await db
    .selectDistinctOn([entries.participantId], { participantId: entries.participantId, name: events.name, date: events.startDate })
    .from(entries)
    .innerJoin(results, eq(results.entryId, entries.id))
    .innerJoin(races, and(eq(races.id, entries.raceId), raceShown()))
    .innerJoin(events, eq(events.id, races.eventId))
    .where(and(inArray(entries.participantId, ids), eventShown()))
    .orderBy(entries.participantId, desc(events.startDate), desc(events.id));
  const counts = new Map(shown.map((s) => [s.participantId, s.events]));
  const last = new Map(latest.map((l) => [l.participantId, { name: l.name, date: l.date }]));
  return rows
    .map((r) => ({ ...r, events: Number(counts.get(r.participantId) ?? 0), lastEvent: last.get(r.participantId) ?? null }))
    .sort((a, b) => (b.lastEvent?.date ?? '').localeCompare(a.lastEvent?.date ?? '') || a.participantId - b.participantId);
}

/**
 * What login `userId` may claim and has claimed (see the module's docstring).
 * @throws AppError 404 `not_found` for a login without a participant profile.
 */
export async function listClaims(userId: string): Promise<ClaimLists> {
  const db = getDb();
  const holder = await requireHolder(userId, db);
  const [candidates, claimed] = await Promise.all([
    recordsWhere(db, and(sameName(holder), claimable(holder))),
    recordsWhere(db, eq(participantClaims.profileId, holder.profile.id)),
  ]);
  return { candidates, claimed };
}

/** The normalised licence and member numbers printed on racer record `participantId`. */
async function proofsOf(db: Reader, participantId: number): Promise<string[]> {
  // Issue 29: only a confirmed licence proves anything (a typed one is anyone's to type).
  const [record] = await db.select({ licence: matchingLicence }).from(participants).where(eq(participants.id, participantId));
  const numbers = await db.select({ number: memberships.number }).from(memberships).where(eq(memberships.participantId, participantId));
  return [record?.licence ?? null, ...numbers.map((m) => m.number)].map(normaliseLicence).filter((n): n is string => n !== null);
}

const invalidLicence = (message: string) => new AccountFieldError('invalid_licence', [{ path: ['licence'], code: 'invalid_licence' }], message);

/**
 * Claims racer record `input.participantId` for login `userId`, proven by `input.licence` (see
 * the module's docstring).
 * @throws AppError 404 `not_found` (not a candidate: another name, already claimed, someone's
 * own record, unknown); AccountFieldError 400 `invalid_licence`; RateLimitedError 429
 * `too_many_attempts` (`retryAfterS`).
 */
export async function claimParticipant(userId: string, input: ClaimInput): Promise<void> {
  const db = getDb();
  const holder = await requireHolder(userId, db);
  // Counted at once (parallel guesses cannot all pass the limit); given back unless the number was wrong.
  const attempt = await consume([{ policy: 'claim_proof', subject: { account: holder.email } }], { db });
  let counts = false;
  try {
    await claimWithProof(db, holder, input, () => (counts = true));
  } finally {
    if (!counts) await release(attempt, db);
  }
}

/** The claim once the attempt is counted; `wrongNumber()` is called when the given number does not match. */
async function claimWithProof(db: Db, holder: HolderRow, input: ClaimInput, wrongNumber: () => void): Promise<void> {
  const [candidate] = await db
    .select({ id: participants.id })
    .from(participants)
    .leftJoin(participantClaims, eq(participantClaims.participantId, participants.id))
    .leftJoin(participantProfiles, eq(participantProfiles.participantId, participants.id))
    .where(and(eq(participants.id, input.participantId), sameName(holder), claimable(holder)));
  if (!candidate) throw new AppError('not_found', 'Racer record not found');
  const proofs = await proofsOf(db, candidate.id);
  if (!proofs.length) throw invalidLicence(NO_PROOF_MESSAGE);
  const given = normaliseLicence(input.licence);
  if (!given || !proofs.includes(given)) {
    wrongNumber();
    throw invalidLicence('The licence or member number does not match this racer record');
  }
  const change = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(participantClaims)
      .values({ participantId: candidate.id, profileId: holder.profile.id, method: 'licence' })
      .onConflictDoNothing()
      .returning({ participantId: participantClaims.participantId });
    // Claimed meanwhile by someone else.
    if (!inserted.length) throw new AppError('not_found', 'Racer record not found');
    // mergeRiders opens a nested transaction (a savepoint) on the one it is given.
    return mergeRiders([holder.profile.participantId, candidate.id], tx as unknown as Db);
  });
  await revalidateRiders(db, [holder.profile.participantId, candidate.id, ...change.changed.map((c) => c.participantId)]);
}
