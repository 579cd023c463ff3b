/**
 * How many current members each class has (issue 26; spec §2 /membership/classes/{id?}): the
 * memberships valid on `today` (valid_from ≤ today ≤ valid_until) whose holder chose the class
 * when buying (`memberships.class_id`). Shared by the classes list and the one-class page.
 */
import 'server-only';
import { and, count, gte, inArray, isNotNull, lte } from 'drizzle-orm';
import { getDb } from '../db';
import { memberships } from '../db/schema';

/** Current members by class id (YYYY-MM-DD `today`), for `classIds` only; a class without any is absent (read it as 0). */
export async function countClassMembers(classIds: number[], today: string): Promise<Map<number, number>> {
  if (!classIds.length) return new Map();
  const rows = await getDb()
    .select({ classId: memberships.classId, members: count() })
    .from(memberships)
    .where(and(isNotNull(memberships.classId), inArray(memberships.classId, classIds), lte(memberships.validFrom, today), gte(memberships.validUntil, today)))
    .groupBy(memberships.classId);
  return new Map(rows.map((r) => [r.classId!, r.members]));
}
