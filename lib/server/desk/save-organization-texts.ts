/**
 * An organization's texts from the desk (issue 25 "French and Spanish data: descriptions of …
 * organizations … per language (the desk edits them; English fallback)"; spec §2 Organization
 * pages: about-us): its name in French and Spanish and its about text in English, French and
 * Spanish, by staff of one of its promoters (policy `classes.edit`, as its classes) or an admin;
 * saved with its audit record in one transaction; then its pages, the lists naming it and its
 * clubs' pages (which name it) revalidated.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import type { DeskAboutTextsInput } from '../../contracts/desk-texts';
import { AppError } from '../../errors';
import { tags } from '../cache';
import { getDb, type Tx } from '../db';
import { organizations, promoters } from '../db/schema';
import type { Viewer } from '../policy';
import { deskOrganization } from './list-desk-classes';
import { auditPromoterOf } from './list-desk-texts';
import { saveTexts, textsColumns, textsRecord, type TextsRecord } from './texts-record';

/** The organization's stored texts, its row locked. */
async function organizationRecord(tx: Tx, organizationId: number): Promise<TextsRecord | null> {
  const [row] = await tx
    .select({ name: organizations.name, description: organizations.description, names: organizations.names, descriptions: organizations.descriptions })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  if (!row) return null;
  return textsRecord(row);
}

/**
 * Saves the texts of organization `organizationId` (one the viewer may edit the classes of).
 * Returns whether anything changed (nothing is recorded otherwise).
 * @throws AppError `unauthenticated`; `not_found` (unknown, or not one the viewer works for).
 */
export async function saveOrganizationTexts(viewer: Viewer, organizationId: number, input: DeskAboutTextsInput): Promise<boolean> {
  const org = await deskOrganization(viewer, organizationId);
  if (viewer === null) throw new AppError('unauthenticated');
  return saveTexts({
    userId: viewer.userId,
    promoterId: auditPromoterOf(viewer, org),
    entity: 'organization',
    entityId: org.id,
    read: (tx) => organizationRecord(tx, org.id),
    write: (tx) => tx.update(organizations).set(textsColumns(input)).where(eq(organizations.id, org.id)),
    tags: async () => {
      const clubs = await getDb().select({ userId: promoters.userId }).from(promoters).where(eq(promoters.organizationId, org.id));
      return [tags.organization(org.id), tags.events, ...clubs.map((c) => tags.promoter(c.userId))];
    },
  });
}
