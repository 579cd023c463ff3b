/**
 * Deleting a membership type (issue 26: types "edited by a federation admin"): allowed only while
 * nothing uses it. A type that memberships or order lines name is kept (orders and memberships
 * are records: DESIGN.md "Money is only ever added to"), refused with `membership_type_in_use`;
 * an order taking it at the same moment makes the foreign key refuse the delete, answered the same.
 */
import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../errors';
import { revalidateTags, tags } from '../cache';
import { getDb } from '../db';
import { membershipTypes, memberships, orderLines } from '../db/schema';
import type { Viewer } from '../policy';
import { assertMembershipAdmin } from './assert-admin';

/** A foreign-key violation (PostgreSQL 23503), wrapped by Drizzle or not. */
function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

/**
 * Deletes membership type `typeId`.
 * @throws AppError `unauthenticated`, `forbidden`; `not_found` (unknown); `membership_type_in_use` (409).
 */
export async function deleteMembershipType(viewer: Viewer, typeId: number): Promise<void> {
  assertMembershipAdmin(viewer);
  const organizationId = await getDb()
    .transaction(async (tx) => {
      const [type] = await tx.select({ organizationId: membershipTypes.organizationId }).from(membershipTypes).where(eq(membershipTypes.id, typeId)).for('update');
      if (!type) throw new AppError('not_found');
      const [use] = await tx.execute<{ used: boolean }>(
        sql`select exists (select 1 from ${memberships} where ${memberships.membershipTypeId} = ${typeId}) or exists (select 1 from ${orderLines} where ${orderLines.membershipTypeId} = ${typeId}) as used`,
      ).then((r) => r.rows);
      if (use?.used) throw new AppError('membership_type_in_use');
      await tx.delete(membershipTypes).where(eq(membershipTypes.id, typeId));
      return type.organizationId;
    })
    .catch((err: unknown) => {
      if (isForeignKeyViolation(err)) throw new AppError('membership_type_in_use');
      throw err;
    });
  await revalidateTags([tags.organization(organizationId)]);
}
