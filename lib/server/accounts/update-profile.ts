/**
 * The holder edits their own profile (issue 11 "A logged-in participant sees and edits their own
 * profile (contact, address, emergency contact)"; spec §3 Participant account, §5):
 * PUT /ll/api/v1/users/current/profile with `profileUpdateInput` (phone, address with its
 * `updateId`, emergency contact, licence). Names, gender, date of birth and email are not
 * edited here.
 *
 * In one transaction: the profile row; the holder's racer record (`participants`) follows the
 * address (city, state, country) and takes the licence (unconfirmed again when it changes: it
 * matches once an official confirmed it, issue 29), so the series standings match the
 * rider by licence (lib/server/series/riders.ts); the minors managed by the holder share the
 * holder's address and emergency contact (they have none of their own), so their profiles and
 * racer records follow too. After the commit a changed licence revalidates the series whose
 * events hold results of the holder's record (lib/server/cache/revalidate-riders.ts).
 *
 * Refusals: 400 `invalid_request` when `address.updateId` is given and is not the profile's id
 * (the form edits the address it was given); 400 `invalid_licence` (issue at `['licence']`)
 * when the licence is already the one of a racer record held or claimed by another account
 * (a licence identifies one rider: it cannot be shared).
 */
import 'server-only';
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { ProfileUpdateInput, ProfileView } from '../../contracts/account';
import { AppError } from '../../errors';
import { revalidateRiders } from '../cache/revalidate-riders';
import { getDb } from '../db';
import { participantClaims, participantProfiles, participants } from '../db/schema';
import { normaliseLicence } from '../series/riders';
import { AccountFieldError } from './create-account';
import { profileView, requireHolder, type HolderRow } from './get-profile';
import type { Reader } from './check-duplicate';

/** SQL: a licence column as `normaliseLicence` gives it (ASCII letters and digits, upper case). */
export const licenceSql = (column: typeof participants.licence) => sql`upper(regexp_replace(coalesce(${column}, ''), '[^0-9A-Za-z]', '', 'g'))`;

/** True when `licence` is already on a racer record that is another profile's own or claimed by another profile. */
async function licenceTaken(db: Reader, licence: string, holder: HolderRow): Promise<boolean> {
  const [row] = await db
    .select({ id: participants.id })
    .from(participants)
    .leftJoin(participantProfiles, eq(participantProfiles.participantId, participants.id))
    .leftJoin(participantClaims, eq(participantClaims.participantId, participants.id))
    .where(
      and(
        sql`${licenceSql(participants.licence)} = ${licence}`,
        ne(participants.id, holder.profile.participantId),
        or(
          and(sql`${participantProfiles.id} is not null`, ne(participantProfiles.id, holder.profile.id)),
          and(sql`${participantClaims.profileId} is not null`, ne(participantClaims.profileId, holder.profile.id)),
        ),
      ),
    )
    .limit(1);
  return !!row;
}

/**
 * Saves the holder's edits (see the module's docstring) and returns the profile as it is now.
 * @throws AppError 404 `not_found` (a login without a profile), 400 `invalid_request`;
 * AccountFieldError 400 `invalid_licence`.
 */
export async function updateProfile(userId: string, input: ProfileUpdateInput): Promise<ProfileView> {
  const db = getDb();
  const { address, emergencyContact: ec } = input;
  const licence = input.licence ?? null;
  const { before, after } = await db.transaction(async (tx) => {
    // Locks the holder's row: two saves of one profile apply one after the other.
    await tx.execute(sql`select 1 from participant_profiles where user_id = ${userId} for update`);
    const holder = await requireHolder(userId, tx);
    if (address.updateId !== undefined && address.updateId !== holder.profile.id) {
      throw new AppError('invalid_request', 'The address being edited is not this profile’s (updateId)');
    }
    const normalised = normaliseLicence(licence);
    if (licence !== null && !normalised) throw new AccountFieldError('invalid_licence', [{ path: ['licence'], code: 'invalid_licence' }]);
    if (normalised && (await licenceTaken(tx, normalised, holder))) {
      throw new AccountFieldError('invalid_licence', [{ path: ['licence'], code: 'invalid_licence' }], 'This licence number is already another account’s');
    }
    const shared = {
      address: address.address,
      country: address.country,
      state: address.state,
      city: address.city,
      zip: address.zip,
      area: address.area ?? null,
      emergencyFirstName: ec.firstName,
      emergencyLastName: ec.lastName,
      emergencyPhone: ec.phone ?? null,
      emergencyCell: ec.cell ?? null,
      emergencyEmail: ec.email ?? null,
    };
    await tx.update(participantProfiles).set({ ...shared, phone: input.phone }).where(eq(participantProfiles.id, holder.profile.id));
    const minors = await tx
      .update(participantProfiles)
      .set(shared)
      .where(eq(participantProfiles.guardianId, holder.profile.id))
      .returning({ participantId: participantProfiles.participantId });
    const place = { city: address.city, state: address.state, country: address.country };
    // Issue 29: another number is unconfirmed again (it matches nobody until an official sees the card).
    const unconfirmed = normaliseLicence(holder.licence) !== normalised ? { licenceConfirmedAt: null, licenceConfirmedBy: null } : {};
    await tx.update(participants).set({ ...place, licence, ...unconfirmed }).where(eq(participants.id, holder.profile.participantId));
    if (minors.length) {
      await tx.update(participants).set(place).where(inArray(participants.id, minors.map((m) => m.participantId)));
    }
    return { before: holder, after: await requireHolder(userId, tx) };
  });
  if (normaliseLicence(before.licence) !== normaliseLicence(after.licence)) await revalidateRiders(db, [after.profile.participantId]);
  return profileView(after);
}
