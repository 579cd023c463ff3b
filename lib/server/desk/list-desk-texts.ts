/**
 * The texts on the desk (issue 25 "French and Spanish data: descriptions of events, classes,
 * clubs, organizations and membership types per language (the desk edits them; English
 * fallback)"): the clubs (promoters) a login works for (policy `promoter.manage`; every club for
 * a federation admin) and the organizations whose classes it may edit (policy `classes.edit`,
 * as /desk/classes), each with its membership types, with their names and descriptions in
 * English, French and Spanish. Also the checks the savers share: a club or an organization
 * the viewer works for, else `not_found` like an unknown one.
 */
import 'server-only';
import { asc, eq, inArray } from 'drizzle-orm';
import type { DeskTexts, DeskTextsRow } from '../../contracts/desk-texts';
import type { Translations } from '../../contracts/translations';
import { AppError } from '../../errors';
import { getDb } from '../db';
import { membershipTypes, organizations, promoters } from '../db/schema';
import { assertAllowed, managedPromoters, type Viewer } from '../policy';
import { listDeskOrganizations, type DeskOrganization } from './list-desk-classes';
import { textsRecord } from './texts-record';

/** A row's stored texts as the desk's row (its id and `textsRecord`). */
export function textsRow(row: { id: number; name: string; description: string | null; names: Translations | null; descriptions: Translations | null }): DeskTextsRow {
  return { id: row.id, ...textsRecord(row) };
}

/**
 * The clubs and organizations `viewer` may edit the texts of (see the module's docstring): clubs
 * by name, organizations by name with their membership types in their order. Empty lists for
 * a login that works for none (and for anonymous).
 */
export async function listDeskTexts(viewer: Viewer): Promise<DeskTexts> {
  const managed = managedPromoters(viewer);
  if (managed !== 'all' && !managed.length) return { clubs: [], organizations: [] };
  const db = getDb();
  const [clubs, orgs] = await Promise.all([
    db
      .select({ id: promoters.id, userId: promoters.userId, name: promoters.name, description: promoters.description, names: promoters.names, descriptions: promoters.descriptions })
      .from(promoters)
      .where(managed === 'all' ? undefined : inArray(promoters.id, [...managed]))
      .orderBy(asc(promoters.name), asc(promoters.id)),
    listDeskOrganizations(viewer),
  ]);
  const orgIds = orgs.map((o) => o.id);
  const [orgRows, typeRows] = orgIds.length
    ? await Promise.all([
        db
          .select({ id: organizations.id, name: organizations.name, description: organizations.description, names: organizations.names, descriptions: organizations.descriptions })
          .from(organizations)
          .where(inArray(organizations.id, orgIds))
          .orderBy(asc(organizations.name), asc(organizations.id)),
        db
          .select({ id: membershipTypes.id, organizationId: membershipTypes.organizationId, name: membershipTypes.name, description: membershipTypes.description, names: membershipTypes.names, descriptions: membershipTypes.descriptions })
          .from(membershipTypes)
          .where(inArray(membershipTypes.organizationId, orgIds))
          .orderBy(asc(membershipTypes.sortOrder), asc(membershipTypes.name), asc(membershipTypes.id)),
      ])
    : [[], []];
  return {
    clubs: clubs.map((c) => ({ ...textsRow(c), userId: c.userId })),
    organizations: orgRows.map((o) => ({ ...textsRow(o), membershipTypes: typeRows.filter((t) => t.organizationId === o.id).map(textsRow) })),
  };
}

/**
 * Club (promoters row) `promoterId` for `viewer` to edit: its public user id and organization.
 * @throws AppError `unauthenticated`; `not_found` (unknown, or not one the viewer works for).
 */
export async function deskClub(viewer: Viewer, promoterId: number): Promise<{ id: number; userId: number; organizationId: number | null }> {
  if (viewer === null) throw new AppError('unauthenticated');
  const [row] = await getDb().select({ id: promoters.id, userId: promoters.userId, organizationId: promoters.organizationId }).from(promoters).where(eq(promoters.id, promoterId));
  if (!row) throw new AppError('not_found');
  assertAllowed(viewer, 'promoter.manage', { promoterId: row.id });
  return row;
}

/**
 * The promoter an organization's audit row is filed under: one of the organization's the viewer
 * works for (the first for an admin). @throws AppError `not_found` when the organization has none.
 */
export function auditPromoterOf(viewer: NonNullable<Viewer>, org: DeskOrganization): number {
  const managed = managedPromoters(viewer);
  const id = managed === 'all' ? org.promoterIds[0] : org.promoterIds.find((p) => managed.includes(p));
  if (id === undefined) throw new AppError('not_found');
  return id;
}
