/**
 * One membership as the public sees it (issue 26; spec §2 /membership/members/{id}): the
 * holder's name, the organization, the membership type (with its translations), the club (when
 * public), the class, the member number, the first and last days of validity and its state on
 * `today` (valid, expired, not yet valid). Nothing more, for anyone (a minor's membership
 * included): no birthday, email, phone, address, age or guardian. A membership of a hidden
 * organization is treated as unknown. Tagged with its organization's tag.
 */
import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Translations } from '../../contracts/translations';
import { getDb } from '../db';
import { classes, memberships, membershipTypes, organizations, participants, promoters } from '../db/schema';
import { tagRead, tags } from '../cache/tags';
import { organizationShown, promoterShown } from '../policy/visibility';
import { membershipState, type MembershipState } from './membership-state';
import type { OrganizationName } from './public-organizations';

export interface PublicMembership {
  id: number;
  firstName: string;
  lastName: string;
  organization: OrganizationName;
  membershipType: { id: number; name: string; names: Translations };
  /** The public club the member rides for, when any. */
  club: { userId: number; name: string; names: Translations } | null;
  /** The class chosen when buying, when any. */
  class: { id: number; name: string } | null;
  /** The member number printed on the card. */
  number: string;
  /** YYYY-MM-DD, inclusive both. */
  validFrom: string;
  validUntil: string;
  /** On `today`. */
  state: MembershipState;
}

/** Membership `id` as the public sees it on `today` (YYYY-MM-DD), or null when unknown or of a hidden organization. */
export async function getPublicMembership(id: number, today: string): Promise<PublicMembership | null> {
  const [row] = await getDb()
    .select({
      id: memberships.id,
      firstName: participants.firstName,
      lastName: participants.lastName,
      organizationId: organizations.id,
      organizationName: organizations.name,
      organizationNames: organizations.names,
      typeId: membershipTypes.id,
      typeName: membershipTypes.name,
      typeNames: membershipTypes.names,
      clubUserId: promoters.userId,
      clubName: promoters.name,
      clubNames: promoters.names,
      classId: classes.id,
      className: classes.name,
      number: memberships.number,
      validFrom: memberships.validFrom,
      validUntil: memberships.validUntil,
    })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .innerJoin(participants, eq(participants.id, memberships.participantId))
    .innerJoin(membershipTypes, eq(membershipTypes.id, memberships.membershipTypeId))
    .leftJoin(promoters, and(eq(promoters.id, memberships.promoterId), promoterShown()))
    .leftJoin(classes, eq(classes.id, memberships.classId))
    .where(and(eq(memberships.id, id), organizationShown()));
  if (!row) return null;
  tagRead(tags.organization(row.organizationId));
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    organization: { id: row.organizationId, name: row.organizationName, names: row.organizationNames },
    membershipType: { id: row.typeId, name: row.typeName, names: row.typeNames },
    club: row.clubUserId !== null && row.clubName !== null ? { userId: row.clubUserId, name: row.clubName, names: row.clubNames ?? {} } : null,
    class: row.classId !== null && row.className !== null ? { id: row.classId, name: row.className } : null,
    number: row.number,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    state: membershipState(row.validFrom, row.validUntil, today),
  };
}
