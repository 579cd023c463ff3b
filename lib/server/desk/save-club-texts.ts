/**
 * A club's texts from the desk (issue 25 "French and Spanish data: descriptions of … clubs …
 * per language (the desk edits them; English fallback)"; spec §2 /promoters/{id?}): its name in
 * French and Spanish and its about text in English, French and Spanish, saved with its audit
 * record in one transaction; then the club's page, the lists naming it (events, series, its
 * organization's clubs) revalidated.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import type { DeskAboutTextsInput } from '../../contracts/desk-texts';
import { AppError } from '../../errors';
import { tags } from '../cache';
import type { Tx } from '../db';
import { promoters } from '../db/schema';
import type { Viewer } from '../policy';
import { deskClub } from './list-desk-texts';
import { saveTexts, textsColumns, textsRecord, type TextsRecord } from './texts-record';

/** The club's stored texts, its row locked. */
async function clubRecord(tx: Tx, promoterId: number): Promise<TextsRecord | null> {
  const [row] = await tx
    .select({ name: promoters.name, description: promoters.description, names: promoters.names, descriptions: promoters.descriptions })
    .from(promoters)
    .where(eq(promoters.id, promoterId))
    .for('update');
  if (!row) return null;
  return textsRecord(row);
}

/**
 * Saves the texts of club `promoterId` (a promoters row id; one the viewer works for: policy
 * `promoter.manage`). Returns whether anything changed (nothing is recorded otherwise).
 * @throws AppError `unauthenticated`; `not_found` (unknown, or another promoter's club).
 */
export async function saveClubTexts(viewer: Viewer, promoterId: number, input: DeskAboutTextsInput): Promise<boolean> {
  const club = await deskClub(viewer, promoterId);
  if (viewer === null) throw new AppError('unauthenticated');
  return saveTexts({
    userId: viewer.userId,
    promoterId: club.id,
    entity: 'promoter',
    entityId: club.id,
    read: (tx) => clubRecord(tx, club.id),
    write: (tx) => tx.update(promoters).set(textsColumns(input)).where(eq(promoters.id, club.id)),
    tags: async () => [tags.promoter(club.userId), tags.events, ...(club.organizationId === null ? [] : [tags.organization(club.organizationId)])],
  });
}
