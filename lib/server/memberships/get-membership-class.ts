/**
 * One class as the membership pages show it (issue 26; spec §2 /membership/classes/{id}): name,
 * class group, age limits, description with translations, its organization (the class's own,
 * else its class group's) and the number of memberships valid on `today` that chose it. A class
 * of no organization (met only in imports) or of a hidden one is treated as unknown. Tagged with
 * its organization's tag.
 */
import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { getDb } from '../db';
import { classes, classGroups, organizations } from '../db/schema';
import { tagRead, tags } from '../cache/tags';
import { organizationShown } from '../policy/visibility';
import type { ClassRow } from '../organizations/list-organization-classes';
import { countClassMembers } from './count-class-members';
import type { OrganizationName } from './public-organizations';

export interface MembershipClassDetails extends ClassRow {
  /** Its class group's name, when it is in one. */
  group: string | null;
  organization: OrganizationName;
  /** Memberships valid today whose holder chose this class. */
  memberCount: number;
}

const groupOf = alias(classGroups, 'class_group');

/** Class `id` with its organization and current members on `today` (YYYY-MM-DD), or null when unknown, of no organization or of a hidden one. */
export async function getMembershipClass(id: number, today: string): Promise<MembershipClassDetails | null> {
  const [row] = await getDb()
    .select({
      id: classes.id,
      name: classes.name,
      description: classes.description,
      descriptions: classes.descriptions,
      minAge: classes.minAge,
      maxAge: classes.maxAge,
      group: groupOf.name,
      organizationId: organizations.id,
      organizationName: organizations.name,
      organizationNames: organizations.names,
    })
    .from(classes)
    .leftJoin(groupOf, eq(groupOf.id, classes.classGroupId))
    .innerJoin(organizations, eq(organizations.id, sql`coalesce(${classes.organizationId}, ${groupOf.organizationId})`))
    .where(and(eq(classes.id, id), organizationShown()));
  if (!row) return null;
  tagRead(tags.organization(row.organizationId));
  const { organizationId, organizationName, organizationNames, ...details } = row;
  const counts = await countClassMembers([id], today);
  return { ...details, organization: { id: organizationId, name: organizationName, names: organizationNames }, memberCount: counts.get(id) ?? 0 };
}
