/**
 * What the public member list can be filtered by (issue 26; spec §2 /membership/members): the
 * public organizations by name, each with its classes in the order its classes tab shows them
 * (class groups in sort order, then the classes outside a group). Tagged with each
 * organization's tag.
 */
import 'server-only';
import { listOrganizationClasses } from '../organizations/list-organization-classes';
import { listPublicOrganizationNames, type OrganizationName } from './public-organizations';

export interface MemberFilterOrganization extends OrganizationName {
  classes: { id: number; name: string }[];
}

/** The public organizations by name with their classes (id and name). */
export async function listMemberFilters(): Promise<MemberFilterOrganization[]> {
  const organizations = await listPublicOrganizationNames();
  const lists = await Promise.all(organizations.map((o) => listOrganizationClasses(o.id)));
  return organizations.map((o, i) => ({
    ...o,
    classes: [...lists[i]!.groups.flatMap((g) => g.classes), ...lists[i]!.other].map((c) => ({ id: c.id, name: c.name })),
  }));
}
