/**
 * The membership cards of an account (issue 26 "a membership card in /account with a QR code that
 * an official can check"; "Renewal: the account shows when a membership ends"): every membership
 * of the holder and of each minor they are guardian of, newest first, with its organization, type
 * and class (names in French and Spanish for `inLocale`), permanent member number, period, its
 * state today, and the token its QR code carries. Personal: read per request, never cached.
 */
import 'server-only';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Translations } from '../../contracts/translations';
import { federationDate } from '../../format';
import { getDb } from '../db';
import { classes, memberships, membershipTypes, organizations, participantProfiles } from '../db/schema';
import { cardToken } from './card-token';

/** A membership's state on a day: valid, not started yet, or ended. */
export type CardState = 'valid' | 'upcoming' | 'expired';

/** One membership card. */
export interface MembershipCard {
  membershipId: number;
  participantId: number;
  firstName: string;
  lastName: string;
  /** The holder is the account's own person (false: a minor of theirs). */
  self: boolean;
  organizationName: string;
  organizationNames: Translations;
  typeId: number;
  typeName: string;
  typeNames: Translations;
  className: string | null;
  number: string;
  /** YYYY-MM-DD, inclusive. */
  validFrom: string;
  validUntil: string;
  state: CardState;
  /** Days left until `validUntil` (0 on its last day); null when not valid today. */
  daysLeft: number | null;
  /** A later membership of the same person and organization exists (it was renewed). */
  renewed: boolean;
  /** What the QR code carries (`/membership/check/{token}`). */
  token: string;
}

/** The state of a membership from `validFrom` to `validUntil` on `today` (YYYY-MM-DD). */
export function cardState(validFrom: string, validUntil: string, today: string): CardState {
  if (today < validFrom) return 'upcoming';
  return today > validUntil ? 'expired' : 'valid';
}

/** Whole days from `today` to `day` (both YYYY-MM-DD). */
function daysBetween(today: string, day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** The cards of login `userId` on `now` (default now), newest first. */
export async function listMyMemberships(userId: string, now: Date = new Date()): Promise<MembershipCard[]> {
  const today = federationDate(now);
  const guardian = alias(participantProfiles, 'guardian');
  const rows = await getDb()
    .select({
      membershipId: memberships.id,
      participantId: memberships.participantId,
      firstName: participantProfiles.firstName,
      lastName: participantProfiles.lastName,
      self: sql<boolean>`coalesce(${participantProfiles.userId} = ${userId}, false)`,
      organizationName: organizations.name,
      organizationNames: organizations.names,
      typeId: membershipTypes.id,
      typeName: membershipTypes.name,
      typeNames: membershipTypes.names,
      className: classes.name,
      number: memberships.number,
      validFrom: memberships.validFrom,
      validUntil: memberships.validUntil,
      renewed: sql<boolean>`exists (select 1 from memberships later where later.participant_id = ${memberships.participantId} and later.organization_id = ${memberships.organizationId} and later.valid_until > ${memberships.validUntil})`,
    })
    .from(memberships)
    .innerJoin(participantProfiles, eq(participantProfiles.participantId, memberships.participantId))
    .leftJoin(guardian, eq(guardian.id, participantProfiles.guardianId))
    .innerJoin(membershipTypes, eq(membershipTypes.id, memberships.membershipTypeId))
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .leftJoin(classes, eq(classes.id, memberships.classId))
    .where(and(sql`(${participantProfiles.userId} = ${userId} or ${guardian.userId} = ${userId})`, gt(memberships.validUntil, sql`(${today}::date - 365)`)))
    .orderBy(desc(memberships.validUntil), desc(memberships.id));
  return rows.map((r) => {
    const state = cardState(r.validFrom, r.validUntil, today);
    return { ...r, state, daysLeft: state === 'valid' ? daysBetween(today, r.validUntil) : null, token: cardToken(r.membershipId) };
  });
}
