/**
 * The membership types of every organization for the federation admin (issue 26 "Types and
 * classes per organization (name, price, validity season or one event, age limits, family type,
 * description per language), edited by a federation admin"; spec §2 /membership/type): each
 * organization by name with its types in sort order, each with its texts in the three languages
 * and how many memberships and order lines use it (a type in use cannot be deleted). Read per
 * request (an admin page), tagged with the organization like the public type pages.
 */
import 'server-only';
import type { AdminMembershipType } from '../../contracts/membership-admin';
import type { Translations } from '../../contracts/translations';
import { asc, eq, sql } from 'drizzle-orm';
import { tagRead, tags } from '../cache';
import { getDb } from '../db';
import { membershipTypes, memberships, orderLines, organizations } from '../db/schema';
import type { Viewer } from '../policy';
import { assertMembershipAdmin } from './assert-admin';

/** A membership type as the admin's list and form show it (its shape is the contract's). */
export type { AdminMembershipType };

/** An organization with its membership types. */
export interface AdminOrganizationTypes {
  id: number;
  name: string;
  /** Its name in French and Spanish (issue 25; the page shows it in its language). */
  names: Translations;
  types: AdminMembershipType[];
}

/**
 * Every organization (by name) with its membership types (by sort order, name, id).
 * @throws AppError `unauthenticated`, `forbidden` (not a federation admin).
 */
export async function listAdminMembershipTypes(viewer: Viewer): Promise<AdminOrganizationTypes[]> {
  assertMembershipAdmin(viewer);
  const db = getDb();
  const [orgs, rows] = await Promise.all([
    db.select({ id: organizations.id, name: organizations.name, names: organizations.names }).from(organizations).orderBy(asc(organizations.name), asc(organizations.id)),
    db
      .select({
        type: membershipTypes,
        // Written out: Drizzle leaves columns unqualified in a one-table select, which would bind `id` to the subquery's table.
        memberships: sql<number>`(select count(*) from ${memberships} m where m.membership_type_id = ${sql.raw('"membership_types"."id"')})::int`,
        orderLines: sql<number>`(select count(*) from ${orderLines} l where l.membership_type_id = ${sql.raw('"membership_types"."id"')})::int`,
      })
      .from(membershipTypes)
      .orderBy(asc(membershipTypes.sortOrder), asc(membershipTypes.name), asc(membershipTypes.id)),
  ]);
  for (const o of orgs) tagRead(tags.organization(o.id));
  const byOrg = new Map(orgs.map((o) => [o.id, { ...o, types: [] as AdminMembershipType[] }]));
  for (const { type: t, memberships: m, orderLines: l } of rows) {
    byOrg.get(t.organizationId)?.types.push({
      id: t.id,
      organizationId: t.organizationId,
      name: t.name,
      nameFr: t.names?.fr ?? null,
      nameEs: t.names?.es ?? null,
      description: t.description,
      descriptionFr: t.descriptions?.fr ?? null,
      descriptionEs: t.descriptions?.es ?? null,
      priceCents: t.priceCents,
      validity: t.validity === 'event' ? 'event' : 'season',
      minAge: t.minAge,
      maxAge: t.maxAge,
      family: t.family,
      sortOrder: t.sortOrder,
      memberships: m,
      orderLines: l,
    });
  }
  return [...byOrg.values()];
}

/** Whether organization `id` exists. */
export async function organizationExists(id: number): Promise<boolean> {
  const [row] = await getDb().select({ id: organizations.id }).from(organizations).where(eq(organizations.id, id));
  return !!row;
}
