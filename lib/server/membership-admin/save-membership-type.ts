/**
 * A membership type created or edited by the federation admin (issue 26 "Types … per
 * organization (name, price, validity season or one event, age limits, family type, description
 * per language), edited by a federation admin"; spec §2 /membership/type,
 * /organizations/{id}/membership-type). Prices in cents; the texts in French and Spanish kept in
 * `names` / `descriptions` (blank: the English shows). The organization's pages (which list its
 * types) are revalidated on every instance.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import type { MembershipTypeInput } from '../../contracts/membership-admin';
import { translationsOf } from '../../contracts/translations';
import { AppError } from '../../errors';
import { revalidateTags, tags } from '../cache';
import { getDb } from '../db';
import { membershipTypes } from '../db/schema';
import type { Viewer } from '../policy';
import { assertMembershipAdmin } from './assert-admin';
import { organizationExists } from './list-membership-types';

/** The row's columns from the contract's output. */
function columns(input: MembershipTypeInput) {
  return {
    name: input.name,
    names: translationsOf(input.nameFr, input.nameEs),
    description: input.description,
    descriptions: translationsOf(input.descriptionFr, input.descriptionEs),
    priceCents: input.priceCents,
    validity: input.validity,
    minAge: input.minAge,
    maxAge: input.maxAge,
    family: input.family,
    sortOrder: input.sortOrder,
  };
}

/**
 * Creates a membership type of organization `organizationId`. Returns its id.
 * @throws AppError `unauthenticated`, `forbidden`; `not_found` (unknown organization).
 */
export async function createMembershipType(viewer: Viewer, organizationId: number, input: MembershipTypeInput): Promise<number> {
  assertMembershipAdmin(viewer);
  if (!(await organizationExists(organizationId))) throw new AppError('not_found');
  const [row] = await getDb()
    .insert(membershipTypes)
    .values({ organizationId, ...columns(input) })
    .returning({ id: membershipTypes.id });
  await revalidateTags([tags.organization(organizationId)]);
  return row!.id;
}

/**
 * Replaces the fields of membership type `typeId` (its organization stays). Memberships and
 * orders already made keep what they were sold at (orders are priced once).
 * @throws AppError `unauthenticated`, `forbidden`; `not_found` (unknown type).
 */
export async function updateMembershipType(viewer: Viewer, typeId: number, input: MembershipTypeInput): Promise<void> {
  assertMembershipAdmin(viewer);
  const [row] = await getDb().update(membershipTypes).set(columns(input)).where(eq(membershipTypes.id, typeId)).returning({ organizationId: membershipTypes.organizationId });
  if (!row) throw new AppError('not_found');
  await revalidateTags([tags.organization(row.organizationId)]);
}
