/**
 * Downloading everything the site holds about a person (issue 11 "Privacy and security": "A
 * participant can download everything the site holds about them (JSON) …; a guardian can do so
 * for their minors (Quebec's Law 25 and PIPEDA)"): GET /ll/api/v1/users/current/export and
 * GET /ll/api/v1/users/current/minors/{id}/export, sent as a file.
 *
 * For the holder: the login (email, role, creation, email verified), their personal record
 * (every field of `participant_profiles`), their racer records (their own and the claimed ones:
 * name, hometown, licence) with the claims, registrations (of their own record), memberships
 * (of any of their records), results and series points (./get-account-activity.ts), the
 * sessions of the login (created, last used, expiry, IP address, browser: never the token),
 * the password resets asked (dates only: never the token), and the same person export for each
 * minor they manage. For a minor: the minor's person export and who their guardian is.
 * A minor who is not the caller's is 404 `not_found`; a login without a profile 404.
 */
import 'server-only';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AccountActivity, AccountType } from '../../contracts/account';
import { getDb } from '../db';
import {
  classes,
  events,
  membershipTypes,
  memberships,
  organizations,
  participantClaims,
  participantProfiles,
  participants,
  passwordResets,
  registrations,
  sessions,
  users,
} from '../db/schema';
import { getAccountActivity } from './get-account-activity';
import { requireHolder } from './get-profile';
import { requireMinor } from './minors';

type ProfileRow = typeof participantProfiles.$inferSelect;

/** Everything held about one person (a holder or a minor). */
export interface PersonExport {
  profile: {
    id: number;
    relationship: string | null;
    firstName: string;
    lastName: string;
    gender: string;
    /** YYYY-MM-DD */
    birthday: string;
    email: string | null;
    phone: string | null;
    address: { address: string | null; country: string | null; state: string | null; city: string | null; zip: string | null; area: string | null };
    emergencyContact: { firstName: string | null; lastName: string | null; phone: string | null; cell: string | null; email: string | null };
    createdAt: string;
    updatedAt: string;
  };
  /** The person's racer records: their own (`own: true`) and the imported ones they claimed. */
  racerRecords: { id: number; own: boolean; firstName: string; lastName: string; city: string | null; state: string | null; country: string | null; licence: string | null }[];
  claims: { participantId: number; method: string; createdAt: string }[];
  registrations: { id: number; eventId: number; eventName: string; date: string; className: string; raceNumber: string | null; brand: string | null; state: string; createdAt: string }[];
  memberships: { id: number; participantId: number; organization: string; type: string; number: string; validFrom: string; validUntil: string }[];
  activity: AccountActivity;
}

/** The holder's download. */
export interface AccountExport {
  /** ISO date-time of the export. */
  exportedAt: string;
  account: { id: string; email: string; role: AccountType; emailVerified: boolean; createdAt: string; updatedAt: string };
  person: PersonExport;
  minors: PersonExport[];
  sessions: { createdAt: string; updatedAt: string; expiresAt: string; ipAddress: string | null; userAgent: string | null }[];
  passwordResets: { createdAt: string; expiresAt: string; usedAt: string | null }[];
}

/** A minor's download (asked by their guardian). */
export interface MinorExport {
  exportedAt: string;
  guardian: { profileId: number; firstName: string; lastName: string; email: string };
  person: PersonExport;
}

const iso = (d: Date) => d.toISOString();

/** The person export of one profile row. */
async function personExport(p: ProfileRow): Promise<PersonExport> {
  const db = getDb();
  const claims = await db
    .select({ participantId: participantClaims.participantId, method: participantClaims.method, createdAt: participantClaims.createdAt })
    .from(participantClaims)
    .where(eq(participantClaims.profileId, p.id))
    .orderBy(participantClaims.participantId);
  const ids = [p.participantId, ...claims.map((c) => c.participantId)];
  const [records, regs, members, activity] = await Promise.all([
    db.select().from(participants).where(inArray(participants.id, ids)).orderBy(participants.id),
    db
      .select({
        id: registrations.id,
        eventId: events.id,
        eventName: events.name,
        date: events.startDate,
        className: classes.name,
        raceNumber: registrations.raceNumber,
        brand: registrations.brand,
        state: registrations.state,
        createdAt: registrations.createdAt,
      })
      .from(registrations)
      .innerJoin(events, eq(events.id, registrations.eventId))
      .innerJoin(classes, eq(classes.id, registrations.classId))
      .where(eq(registrations.participantId, p.participantId))
      .orderBy(desc(events.startDate), desc(registrations.id)),
    db
      .select({
        id: memberships.id,
        participantId: memberships.participantId,
        organization: organizations.name,
        type: membershipTypes.name,
        number: memberships.number,
        validFrom: memberships.validFrom,
        validUntil: memberships.validUntil,
      })
      .from(memberships)
      .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
      .innerJoin(membershipTypes, eq(membershipTypes.id, memberships.membershipTypeId))
      .where(inArray(memberships.participantId, ids))
      .orderBy(desc(memberships.validFrom), desc(memberships.id)),
    getAccountActivity(p.id),
  ]);
  return {
    profile: {
      id: p.id,
      relationship: p.relationship,
      firstName: p.firstName,
      lastName: p.lastName,
      gender: p.gender,
      birthday: p.birthday,
      email: p.email,
      phone: p.phone,
      address: { address: p.address, country: p.country, state: p.state, city: p.city, zip: p.zip, area: p.area },
      emergencyContact: { firstName: p.emergencyFirstName, lastName: p.emergencyLastName, phone: p.emergencyPhone, cell: p.emergencyCell, email: p.emergencyEmail },
      createdAt: iso(p.createdAt),
      updatedAt: iso(p.updatedAt),
    },
    racerRecords: records.map((r) => ({ id: r.id, own: r.id === p.participantId, firstName: r.firstName, lastName: r.lastName, city: r.city, state: r.state, country: r.country, licence: r.licence })),
    claims: claims.map((c) => ({ ...c, createdAt: iso(c.createdAt) })),
    registrations: regs.map((r) => ({ ...r, createdAt: iso(r.createdAt) })),
    memberships: members,
    activity,
  };
}

/**
 * Everything held about login `userId` and the minors they manage (see the module's docstring).
 * @throws AppError 404 `not_found` for a login without a participant profile.
 */
export async function exportAccountData(userId: string): Promise<AccountExport> {
  const db = getDb();
  const holder = await requireHolder(userId, db);
  const [[account], minorRows, sessionRows, resets] = await Promise.all([
    db.select().from(users).where(eq(users.id, userId)),
    db.select().from(participantProfiles).where(eq(participantProfiles.guardianId, holder.profile.id)).orderBy(participantProfiles.id),
    db
      .select({ createdAt: sessions.createdAt, updatedAt: sessions.updatedAt, expiresAt: sessions.expiresAt, ipAddress: sessions.ipAddress, userAgent: sessions.userAgent })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.createdAt)),
    db
      .select({ createdAt: passwordResets.createdAt, expiresAt: passwordResets.expiresAt, usedAt: passwordResets.usedAt })
      .from(passwordResets)
      .where(and(eq(passwordResets.userId, userId)))
      .orderBy(desc(passwordResets.createdAt)),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    account: { id: account!.id, email: account!.email, role: holder.role, emailVerified: account!.emailVerified, createdAt: iso(account!.createdAt), updatedAt: iso(account!.updatedAt) },
    person: await personExport(holder.profile),
    minors: await Promise.all(minorRows.map(personExport)),
    sessions: sessionRows.map((s) => ({ ...s, createdAt: iso(s.createdAt), updatedAt: iso(s.updatedAt), expiresAt: iso(s.expiresAt) })),
    passwordResets: resets.map((r) => ({ createdAt: iso(r.createdAt), expiresAt: iso(r.expiresAt), usedAt: r.usedAt ? iso(r.usedAt) : null })),
  };
}

/**
 * Everything held about minor `minorId` of login `userId`.
 * @throws AppError 404 `not_found` (not theirs, unknown, or a login without a profile).
 */
export async function exportMinorData(userId: string, minorId: number): Promise<MinorExport> {
  const holder = await requireHolder(userId);
  const minor = await requireMinor(holder, minorId);
  return {
    exportedAt: new Date().toISOString(),
    guardian: { profileId: holder.profile.id, firstName: holder.profile.firstName, lastName: holder.profile.lastName, email: holder.email },
    person: await personExport(minor),
  };
}
