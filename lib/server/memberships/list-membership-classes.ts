/**
 * Every public organization's classes with their current members (issue 26; spec §2
 * /membership/classes): the organizations by name, each with its class groups and classes in
 * sort order as its own classes tab shows them (`listOrganizationClasses`: name, age limits,
 * description with translations), each class with the number of memberships valid on `today`
 * that chose it. Hidden organizations and organizations without classes are left out. Tagged
 * with each organization's tag (a purchase revalidates it).
 */
import 'server-only';
import { listOrganizationClasses, type ClassRow } from '../organizations/list-organization-classes';
import { countClassMembers } from './count-class-members';
import { listPublicOrganizationNames, type OrganizationName } from './public-organizations';

/** A class with its current members. */
export interface MembershipClassRow extends ClassRow {
  /** Memberships valid today whose holder chose this class. */
  memberCount: number;
}

export interface OrganizationMembershipClasses {
  organization: OrganizationName;
  groups: { id: number; name: string; classes: MembershipClassRow[] }[];
  /** Classes of the organization outside its class groups. */
  other: MembershipClassRow[];
}

/** The public organizations with classes, by name, with each class's current members on `today` (YYYY-MM-DD). */
export async function listMembershipClasses(today: string): Promise<OrganizationMembershipClasses[]> {
  const organizations = await listPublicOrganizationNames();
  const lists = await Promise.all(organizations.map((o) => listOrganizationClasses(o.id)));
  const ids = lists.flatMap((l) => [...l.groups.flatMap((g) => g.classes), ...l.other].map((c) => c.id));
  const counts = await countClassMembers(ids, today);
  const withCount = (c: ClassRow): MembershipClassRow => ({ ...c, memberCount: counts.get(c.id) ?? 0 });
  return organizations
    .map((organization, i) => {
      const list = lists[i]!;
      return { organization, groups: list.groups.map((g) => ({ ...g, classes: g.classes.map(withCount) })), other: list.other.map(withCount) };
    })
    .filter((o) => o.groups.length > 0 || o.other.length > 0);
}
