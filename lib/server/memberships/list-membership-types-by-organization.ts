/**
 * Every public organization's membership types (issue 26; spec §2 /membership/type): the
 * organizations by name, each with its types in sort order (name, price in cents, validity,
 * age limits, family type, description with its translations). Hidden organizations and
 * organizations selling nothing are left out. Tagged with each organization's tag.
 */
import 'server-only';
import { listMembershipTypes, type MembershipTypeRow } from '../organizations/list-membership-types';
import { listPublicOrganizationNames, type OrganizationName } from './public-organizations';

export interface OrganizationMembershipTypes {
  organization: OrganizationName;
  types: MembershipTypeRow[];
}

/** The public organizations that sell memberships, by name, each with its types in sort order. */
export async function listMembershipTypesByOrganization(): Promise<OrganizationMembershipTypes[]> {
  const organizations = await listPublicOrganizationNames();
  const types = await Promise.all(organizations.map((o) => listMembershipTypes(o.id)));
  return organizations.map((organization, i) => ({ organization, types: types[i]! })).filter((o) => o.types.length > 0);
}
