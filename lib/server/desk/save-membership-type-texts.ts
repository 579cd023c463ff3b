/**
 * A membership type's texts from the desk (issue 25 "French and Spanish data: descriptions of …
 * membership types per language (the desk edits them; English fallback)"; spec §2
 * /organizations/{id?}/membership-type): its name in French and Spanish and its description in
 * English, French and Spanish, by staff of one of its organization's promoters (policy
 * `classes.edit`) or an admin; saved with its audit record in one transaction; then the
 * organization's pages revalidated.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import type { DeskMembershipTypeTextsInput } from '../../contracts/desk-texts';
import { AppError } from '../../errors';
import { tags } from '../cache';
import { getDb, type Tx } from '../db';
import { membershipTypes } from '../db/schema';
import type { Viewer } from '../policy';
import { deskOrganization } from './list-desk-classes';
import { auditPromoterOf } from './list-desk-texts';
import { saveTexts, textsColumns, textsRecord, type TextsRecord } from './texts-record';

/** The membership type's stored texts, its row locked. */
async function membershipTypeRecord(tx: Tx, typeId: number): Promise<TextsRecord | null> {
  const [row] = await tx
    .select({ name: membershipTypes.name, description: membershipTypes.description, names: membershipTypes.names, descriptions: membershipTypes.descriptions })
    .from(membershipTypes)
    .where(eq(membershipTypes.id, typeId))
    .for('update');
  if (!row) return null;
  return textsRecord(row);
}

/**
 * Saves the texts of membership type `typeId` (of an organization the viewer may edit the
 * classes of). Returns whether anything changed (nothing is recorded otherwise).
 * @throws AppError `unauthenticated`; `not_found` (unknown, or of an organization the viewer does not work for).
 */
export async function saveMembershipTypeTexts(viewer: Viewer, typeId: number, input: DeskMembershipTypeTextsInput): Promise<boolean> {
  if (viewer === null) throw new AppError('unauthenticated');
  const [type] = await getDb().select({ organizationId: membershipTypes.organizationId }).from(membershipTypes).where(eq(membershipTypes.id, typeId));
  if (!type) throw new AppError('not_found');
  const org = await deskOrganization(viewer, type.organizationId);
  return saveTexts({
    userId: viewer.userId,
    promoterId: auditPromoterOf(viewer, org),
    entity: 'membership_type',
    entityId: typeId,
    read: (tx) => membershipTypeRecord(tx, typeId),
    write: (tx) => tx.update(membershipTypes).set(textsColumns(input)).where(eq(membershipTypes.id, typeId)),
    tags: async () => [tags.organization(org.id)],
  });
}
