/**
 * An organization's classes (spec §2 /organizations/{id?}/classes; DESIGN.md field terms
 * class, class group): its class groups in sort order, each with its classes in sort order
 * (description, age limits in years on race day), and the classes of no group of its own.
 */
import 'server-only';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { getDb } from '../db';
import { classGroups, classes } from '../db/schema';
import type { Translations } from '../../contracts/translations';
import { tagRead, tags } from '../cache/tags';

export interface ClassRow {
  id: number;
  name: string;
  /** Who may ride it, plain text. */
  description: string | null;
  /** The same in French and Spanish (issue 25; `inLocale` picks one). */
  descriptions: Translations;
  /** Age limits in years on race day, inclusive; null = none. */
  minAge: number | null;
  maxAge: number | null;
}

export interface OrganizationClasses {
  groups: { id: number; name: string; classes: ClassRow[] }[];
  /** Classes of the organization outside its class groups. */
  other: ClassRow[];
}

/**
 * The classes of organization `id`: those it defines (classes.organization_id), and those
 * without an organization that belong to one of its class groups. Groups without classes are
 * left out.
 */
export async function listOrganizationClasses(id: number): Promise<OrganizationClasses> {
  tagRead(tags.organization(id));
  const db = getDb();
  const [groups, rows] = await Promise.all([
    db
      .select({ id: classGroups.id, name: classGroups.name })
      .from(classGroups)
      .where(eq(classGroups.organizationId, id))
      .orderBy(asc(classGroups.sortOrder), asc(classGroups.name)),
    db
      .select({
        id: classes.id,
        name: classes.name,
        description: classes.description,
        descriptions: classes.descriptions,
        minAge: classes.minAge,
        maxAge: classes.maxAge,
        classGroupId: classes.classGroupId,
      })
      .from(classes)
      .leftJoin(classGroups, eq(classGroups.id, classes.classGroupId))
      .where(or(eq(classes.organizationId, id), and(isNull(classes.organizationId), eq(classGroups.organizationId, id))))
      .orderBy(asc(classes.sortOrder), asc(classes.name)),
  ]);
  const groupIds = new Set(groups.map((g) => g.id));
  const strip = ({ classGroupId: _g, ...c }: (typeof rows)[number]): ClassRow => c;
  return {
    groups: groups.map((g) => ({ ...g, classes: rows.filter((r) => r.classGroupId === g.id).map(strip) })).filter((g) => g.classes.length > 0),
    other: rows.filter((r) => r.classGroupId === null || !groupIds.has(r.classGroupId)).map(strip),
  };
}
