/**
 * One membership type as visitors see it (issue 26; spec §2 /membership/type/{id}): what the
 * organizations' lists show of it (name, price in cents, validity, age limits, family type,
 * description with translations) and its organization. A type of a hidden organization is
 * treated as unknown. Tagged with its organization's tag.
 */
import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '../db';
import { membershipTypes, organizations } from '../db/schema';
import { tagRead, tags } from '../cache/tags';
import { organizationShown } from '../policy/visibility';
import type { MembershipTypeRow } from '../organizations/list-membership-types';
import type { OrganizationName } from './public-organizations';

export interface MembershipTypeDetails extends MembershipTypeRow {
  organization: OrganizationName;
}

/** Membership type `id` with its organization, or null when unknown or its organization is hidden. */
export async function getMembershipType(id: number): Promise<MembershipTypeDetails | null> {
  const [row] = await getDb()
    .select({
      id: membershipTypes.id,
      name: membershipTypes.name,
      description: membershipTypes.description,
      names: membershipTypes.names,
      descriptions: membershipTypes.descriptions,
      priceCents: membershipTypes.priceCents,
      minAge: membershipTypes.minAge,
      maxAge: membershipTypes.maxAge,
      validity: membershipTypes.validity,
      family: membershipTypes.family,
      organizationId: organizations.id,
      organizationName: organizations.name,
      organizationNames: organizations.names,
    })
    .from(membershipTypes)
    .innerJoin(organizations, eq(organizations.id, membershipTypes.organizationId))
    .where(and(eq(membershipTypes.id, id), organizationShown()));
  if (!row) return null;
  tagRead(tags.organization(row.organizationId));
  const { organizationId, organizationName, organizationNames, validity, ...type } = row;
  return { ...type, validity: validity === 'event' ? 'event' : 'season', organization: { id: organizationId, name: organizationName, names: organizationNames } };
}
