/**
 * The logged-in holder's own profile (spec §3 Participant account; issue 11 "Profiles",
 * "Privacy and security": dates of birth, phones, addresses and emergency contacts are visible
 * only to the account holder and their guardian). GET /ll/api/v1/users/current/profile, the
 * account pages.
 *
 * Only ever looked up by the session's user id: there is no way to ask for someone else's.
 * A login without a participant profile (a promoter, an official) has none: null (404 in the API).
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import { ACCOUNT_TYPES, type AccountType, type ProfileView } from '../../contracts/account';
import { AppError } from '../../errors';
import { getDb } from '../db';
import { participantProfiles, participants, users } from '../db/schema';
import type { Reader } from './check-duplicate';

/** The holder's profile row with their login's email and role, and their racer record's licence. */
export interface HolderRow {
  profile: typeof participantProfiles.$inferSelect;
  email: string;
  role: AccountType;
  licence: string | null;
}

/** The profile held by login `userId` (not a minor's), or null. */
export async function holderRow(userId: string, db: Reader = getDb()): Promise<HolderRow | null> {
  const [row] = await db
    .select({ profile: participantProfiles, email: users.email, role: users.role, licence: participants.licence })
    .from(participantProfiles)
    .innerJoin(users, eq(users.id, participantProfiles.userId))
    .innerJoin(participants, eq(participants.id, participantProfiles.participantId))
    .where(eq(participantProfiles.userId, userId))
    .limit(1);
  if (!row) return null;
  return { ...row, role: (ACCOUNT_TYPES as readonly string[]).includes(row.role) ? row.role : 'participant' };
}

/** The holder's profile, or 404 `not_found` ('Profile not found') for a login without one. */
export async function requireHolder(userId: string, db: Reader = getDb()): Promise<HolderRow> {
  const row = await holderRow(userId, db);
  if (!row) throw new AppError('not_found', 'Profile not found');
  return row;
}

/** The reply shape of a holder's profile row. */
export function profileView(row: HolderRow): ProfileView {
  const p = row.profile;
  return {
    id: p.id,
    participantId: p.participantId,
    role: row.role,
    firstName: p.firstName,
    lastName: p.lastName,
    gender: p.gender,
    birthday: p.birthday,
    email: row.email,
    phone: p.phone ?? '',
    address: { updateId: p.id, address: p.address ?? '', country: p.country ?? '', state: p.state ?? '', city: p.city ?? '', zip: p.zip ?? '', area: p.area },
    emergencyContact: {
      firstName: p.emergencyFirstName ?? '',
      lastName: p.emergencyLastName ?? '',
      phone: p.emergencyPhone,
      cell: p.emergencyCell,
      email: p.emergencyEmail,
    },
    licence: row.licence,
  };
}

/**
 * The profile of login `userId` (`ProfileView`: personal data: only ever for that login), or
 * null when the login holds no participant profile. `address.updateId` is the profile id.
 */
export async function getProfile(userId: string): Promise<ProfileView | null> {
  const row = await holderRow(userId);
  return row ? profileView(row) : null;
}
