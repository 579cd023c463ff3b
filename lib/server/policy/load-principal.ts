/**
 * The principal of a login (issue 22): its role, whether its email is verified
 * (better-auth's `emailVerified`) and the promoters it staffs (`promoter_staff`), read fresh
 * from the database in one query, so a grant or a verification counts at the next request.
 */
import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { getDb } from '../db';
import { promoterStaff, users } from '../db/schema';
import { isRole, type Principal } from './roles';

/**
 * The principal of login `userId` (a `users.id`), or null when there is none (no login, or the
 * login was closed since). An unknown role reads as `participant`.
 */
export async function loadPrincipal(userId: string | null | undefined): Promise<Principal | null> {
  if (!userId) return null;
  const [row] = await getDb()
    .select({
      role: users.role,
      emailVerified: users.emailVerified,
      promoterIds: sql<number[]>`coalesce(array_agg(${promoterStaff.promoterId} order by ${promoterStaff.promoterId}) filter (where ${promoterStaff.promoterId} is not null), '{}')`,
    })
    .from(users)
    .leftJoin(promoterStaff, eq(promoterStaff.userId, users.id))
    .where(eq(users.id, userId))
    .groupBy(users.id);
  if (!row) return null;
  return { userId, role: isRole(row.role) ? row.role : 'participant', emailVerified: row.emailVerified, promoterIds: row.promoterIds.map(Number) };
}
