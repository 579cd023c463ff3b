/**
 * Confirming competition licences (issue 29 "A licence or member number counts for matching only
 * when the federation issued it or an official confirmed it"): a number a rider typed in their
 * profile (`participants.licence`) matches them across events (series standings, the rider page,
 * claims: lib/server/series/riders.ts `matchingLicence`) only once an official or a federation
 * admin saw the card and confirmed it. Member numbers are the federation's own (memberships) and
 * always count.
 *
 * - `licencesToConfirm`: the racer records with a typed licence, those not confirmed first (name,
 *   hometown, the licence as typed, when and whether confirmed), filtered by name or number;
 * - `confirmLicence`: confirms the record's licence as it is now — the official sends the number
 *   they read (`licence`), and a record whose number changed since (`licence_changed`, 409) is
 *   not confirmed; confirming twice changes nothing (`duplicate`). The series holding the rider's
 *   results are revalidated (their standings may now join records).
 * Officials and admins only (policy `licences.confirm`); anyone else `not_found` (a login first).
 */
import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../../errors';
import { revalidateRiders } from '../cache/revalidate-riders';
import { getDb } from '../db';
import { participants } from '../db/schema';
import type { Viewer } from '../policy';
import { parseInput } from '../registrations/registration-context';
import { normaliseLicence } from '../series/riders';
import { assertMayConfirm, type LicenceRow } from './licence-context';

/** The body of a confirmation: the number the official read on the card. */
export const confirmLicenceInput = z.object({ licence: z.string({ error: 'invalid_licence' }).trim().min(1, 'invalid_licence').max(30, 'invalid_licence') });

/**
 * Confirms racer record `participantId`'s licence for `viewer` (see the module's docstring).
 * @returns the record as it now is, and `duplicate` when it was confirmed already.
 * @throws AppError `unauthenticated`; `not_found` (not an official or admin, no such record, or no
 *   licence on it); `licence_changed`; `invalid_licence` (a malformed body).
 */
export async function confirmLicence(viewer: Viewer, participantId: number, raw: unknown, options: { now?: Date } = {}): Promise<{ row: LicenceRow; duplicate: boolean }> {
  assertMayConfirm(viewer);
  const input = parseInput(confirmLicenceInput, raw);
  const now = options.now ?? new Date();
  const db = getDb();
  const outcome = await db.transaction(async (tx) => {
    const [record] = await tx.select().from(participants).where(eq(participants.id, participantId)).for('update');
    if (!record || !normaliseLicence(record.licence)) throw new AppError('not_found');
    if (normaliseLicence(record.licence) !== normaliseLicence(input.licence)) throw new AppError('licence_changed');
    if (record.licenceConfirmedAt) return { record, duplicate: true };
    const [updated] = await tx
      .update(participants)
      .set({ licenceConfirmedAt: now, licenceConfirmedBy: viewer!.userId })
      .where(and(eq(participants.id, participantId), isNull(participants.licenceConfirmedAt)))
      .returning();
    return { record: updated!, duplicate: false };
  });
  if (!outcome.duplicate) await revalidateRiders(db, [participantId]);
  const r = outcome.record;
  return {
    row: { participantId: r.id, firstName: r.firstName, lastName: r.lastName, city: r.city, state: r.state, licence: r.licence!, confirmedAt: r.licenceConfirmedAt?.toISOString() ?? null },
    duplicate: outcome.duplicate,
  };
}
