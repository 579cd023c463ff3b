/**
 * An organization's class from the desk (issue 24 "Classes of the organization: name, class
 * group, ages …, per organization (two organizations may each have 'Open')"): created or edited
 * with its audit record in one transaction, then the organization's pages and the events that
 * offer it revalidated on every instance.
 */
import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { DeskClassInput } from '../../contracts/desk-classes';
import { translationsOf } from '../../contracts/translations';
import { AppError } from '../../errors';
import { isUniqueViolation } from '../accounts/create-account';
import { revalidateTags, tags } from '../cache';
import { getDb, type Tx } from '../db';
import { classes, classGroups, deskAudit, eventClasses } from '../db/schema';
import { managedPromoters, type Viewer } from '../policy';
import { deskOrganization, type DeskOrganization } from './list-desk-classes';

/** The class group named `name` (the organization's, else any of that name, else a new one of the organization). */
async function groupId(tx: Tx, organizationId: number, name: string | null): Promise<number | null> {
  if (name === null) return null;
  const [found] = await tx.select({ id: classGroups.id }).from(classGroups).where(eq(classGroups.name, name));
  if (found) return found.id;
  const [created] = await tx.insert(classGroups).values({ name, organizationId }).returning({ id: classGroups.id });
  return created!.id;
}

/** The promoter the audit row is filed under: one of the organization's the viewer works for. */
function auditPromoter(viewer: NonNullable<Viewer>, org: DeskOrganization): number {
  const managed = managedPromoters(viewer);
  const id = managed === 'all' ? org.promoterIds[0] : org.promoterIds.find((p) => managed.includes(p));
  if (id === undefined) throw new AppError('not_found');
  return id;
}

/** The stored class as the contract's shape (the audit log's before and after). */
async function classRecord(tx: Pick<Tx, 'select'>, classId: number): Promise<(DeskClassInput & { organizationId: number | null }) | null> {
  const [row] = await tx
    .select({ name: classes.name, classGroup: classGroups.name, description: classes.description, descriptions: classes.descriptions, minAge: classes.minAge, maxAge: classes.maxAge, organizationId: classes.organizationId })
    .from(classes)
    .leftJoin(classGroups, eq(classGroups.id, classes.classGroupId))
    .where(eq(classes.id, classId));
  if (!row) return null;
  const { descriptions, ...rest } = row;
  return { ...rest, descriptionFr: descriptions?.fr ?? null, descriptionEs: descriptions?.es ?? null };
}

/** Revalidates the organization's pages and the events offering class `classId`. Never throws. */
async function revalidateClass(organizationId: number, classId: number): Promise<void> {
  try {
    const offering = await getDb().select({ eventId: eventClasses.eventId }).from(eventClasses).where(eq(eventClasses.classId, classId));
    await revalidateTags([tags.organization(organizationId), tags.events, ...offering.map((o) => tags.event(o.eventId))]);
  } catch (err) {
    console.error(`[cache] revalidating class ${classId} failed:`, err instanceof Error ? err.message : err);
  }
}

/** A unique violation on (organization, name) as `class_exists`. */
function exists(err: unknown): never {
  if (isUniqueViolation(err, 'classes_org_name_uq')) throw new AppError('class_exists');
  throw err;
}

/**
 * Creates a class of organization `organizationId`. Returns its id.
 * @throws AppError `unauthenticated`, `not_found` (the organization unknown or not the viewer's), `class_exists` (409).
 */
export async function createClass(viewer: Viewer, organizationId: number, input: DeskClassInput): Promise<number> {
  const org = await deskOrganization(viewer, organizationId);
  const promoterId = auditPromoter(viewer!, org);
  const id = await getDb()
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(classes)
        .values({ name: input.name, organizationId, classGroupId: await groupId(tx, organizationId, input.classGroup), description: input.description, descriptions: translationsOf(input.descriptionFr, input.descriptionEs), minAge: input.minAge, maxAge: input.maxAge })
        .returning({ id: classes.id });
      await tx.insert(deskAudit).values({ userId: viewer!.userId, promoterId, eventId: null, entity: 'class', entityId: row!.id, action: 'create', before: null, after: { ...input, organizationId } });
      return row!.id;
    })
    .catch(exists);
  await revalidateClass(organizationId, id);
  return id;
}

/**
 * Edits class `classId` (one of an organization the viewer works for; a class met only in
 * imports has no organization and answers 404). Nothing recorded when nothing changed.
 * @throws AppError `unauthenticated`, `not_found`, `class_exists` (409).
 */
export async function updateClass(viewer: Viewer, classId: number, input: DeskClassInput): Promise<void> {
  if (viewer === null) throw new AppError('unauthenticated');
  const [current] = await getDb().select({ organizationId: classes.organizationId }).from(classes).where(eq(classes.id, classId));
  if (!current || current.organizationId === null) throw new AppError('not_found');
  const org = await deskOrganization(viewer, current.organizationId);
  const promoterId = auditPromoter(viewer, org);
  const changed = await getDb()
    .transaction(async (tx) => {
      await tx.select({ id: classes.id }).from(classes).where(eq(classes.id, classId)).for('update');
      const before = await classRecord(tx, classId);
      await tx
        .update(classes)
        .set({ name: input.name, classGroupId: await groupId(tx, org.id, input.classGroup), description: input.description, descriptions: translationsOf(input.descriptionFr, input.descriptionEs), minAge: input.minAge, maxAge: input.maxAge })
        .where(and(eq(classes.id, classId), eq(classes.organizationId, org.id)));
      const after = await classRecord(tx, classId);
      if (JSON.stringify(before) === JSON.stringify(after)) return false;
      await tx.insert(deskAudit).values({ userId: viewer.userId, promoterId, eventId: null, entity: 'class', entityId: classId, action: 'update', before, after: after! });
      return true;
    })
    .catch(exists);
  if (changed) await revalidateClass(org.id, classId);
}
