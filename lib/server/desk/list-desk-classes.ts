/**
 * The classes on the desk (issue 24 "Classes of the organization: name, class group, ages …, per
 * organization"): the organizations a login works for (through the promoters it is staff of;
 * every organization for a federation admin) and each one's classes.
 */
import 'server-only';
import { asc, count, eq, inArray, isNotNull, or } from 'drizzle-orm';
import { AppError } from '../../errors';
import { getDb } from '../db';
import { classes, classGroups, entries, eventClasses, organizations, promoters } from '../db/schema';
import { assertAllowed, managedPromoters, type Viewer } from '../policy';

export interface DeskOrganization {
  id: number;
  name: string;
  /** Its promoters (`promoters.id`): who may edit its classes (policy `classes.edit`). */
  promoterIds: number[];
}

/** The organizations `viewer` may edit the classes of, by name; empty for none. */
export async function listDeskOrganizations(viewer: Viewer): Promise<DeskOrganization[]> {
  const managed = managedPromoters(viewer);
  if (managed !== 'all' && !managed.length) return [];
  const rows = await getDb()
    .select({ id: organizations.id, name: organizations.name, promoterId: promoters.id })
    .from(promoters)
    .innerJoin(organizations, eq(organizations.id, promoters.organizationId))
    .where(managed === 'all' ? isNotNull(promoters.organizationId) : inArray(promoters.id, [...managed]))
    .orderBy(asc(organizations.name));
  const byId = new Map<number, DeskOrganization>();
  for (const r of rows) {
    const org = byId.get(r.id) ?? { id: r.id, name: r.name, promoterIds: [] };
    org.promoterIds.push(r.promoterId);
    byId.set(r.id, org);
  }
  return [...byId.values()];
}

/**
 * Organization `organizationId` with its promoters, checked against the viewer.
 * @throws AppError `unauthenticated`; `not_found` (unknown, or not one the viewer works for).
 */
export async function deskOrganization(viewer: Viewer, organizationId: number): Promise<DeskOrganization> {
  if (viewer === null) throw new AppError('unauthenticated');
  const rows = await getDb()
    .select({ name: organizations.name, promoterId: promoters.id })
    .from(organizations)
    .leftJoin(promoters, eq(promoters.organizationId, organizations.id))
    .where(eq(organizations.id, organizationId));
  if (!rows.length) throw new AppError('not_found');
  const org = { id: organizationId, name: rows[0]!.name, promoterIds: rows.map((r) => r.promoterId).filter((id): id is number => id !== null) };
  assertAllowed(viewer, 'classes.edit', { promoterIds: org.promoterIds });
  return org;
}

export interface DeskClassRow {
  id: number;
  name: string;
  classGroup: string | null;
  description: string | null;
  /** Its description in French and Spanish (classes.descriptions; issue 25), null when absent. */
  descriptionFr: string | null;
  descriptionEs: string | null;
  minAge: number | null;
  maxAge: number | null;
  /** Events offering it, and result entries in it (a class in use keeps its history). */
  events: number;
  entries: number;
}

/** The classes of organization `organizationId` in their order (check the viewer with `deskOrganization` first). */
export async function listOrganizationClasses(organizationId: number): Promise<DeskClassRow[]> {
  const db = getDb();
  const offered = db.select({ classId: eventClasses.classId, n: count().as('offered') }).from(eventClasses).groupBy(eventClasses.classId).as('offered');
  const ridden = db.select({ classId: entries.classId, n: count().as('ridden') }).from(entries).groupBy(entries.classId).as('ridden');
  const rows = await db
    .select({ id: classes.id, name: classes.name, classGroup: classGroups.name, description: classes.description, descriptions: classes.descriptions, minAge: classes.minAge, maxAge: classes.maxAge, events: offered.n, entries: ridden.n })
    .from(classes)
    .leftJoin(classGroups, eq(classGroups.id, classes.classGroupId))
    .leftJoin(offered, eq(offered.classId, classes.id))
    .leftJoin(ridden, eq(ridden.classId, classes.id))
    .where(eq(classes.organizationId, organizationId))
    .orderBy(asc(classes.sortOrder), asc(classes.name));
  return rows.map(({ descriptions, ...r }) => ({
    ...r,
    descriptionFr: descriptions?.fr ?? null,
    descriptionEs: descriptions?.es ?? null,
    events: Number(r.events ?? 0),
    entries: Number(r.entries ?? 0),
  }));
}

/** The class group names an organization's classes may take (its own groups, and those its classes use), by order. */
export async function listOrganizationGroups(organizationId: number): Promise<string[]> {
  const rows = await getDb()
    .selectDistinct({ name: classGroups.name, sortOrder: classGroups.sortOrder })
    .from(classGroups)
    .leftJoin(classes, eq(classes.classGroupId, classGroups.id))
    .where(or(eq(classGroups.organizationId, organizationId), eq(classes.organizationId, organizationId)))
    .orderBy(asc(classGroups.sortOrder), asc(classGroups.name));
  return rows.map((r) => r.name);
}
