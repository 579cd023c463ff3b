/**
 * Granting roles (issue 22), as `npm run users -- grant-promoter EMAIL PROMOTER_ID |
 * grant-admin EMAIL` does: a login becomes promoter staff of a promoter, or a federation
 * admin. Both are idempotent (granting twice changes nothing the second time).
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import { AppError } from '../../errors';
import { getDb, type Db } from '../db';
import { promoterStaff, promoters, users } from '../db/schema';
import { findLoginByEmail } from './list-logins';

/**
 * Links the login `email` to the promoter whose public user id is `promoterUserId`
 * (`/results/{promoterUserId}`) and gives it the role `promoter` (an admin stays admin: it
 * already may do everything a promoter may).
 * @returns whether the link is new
 * @throws AppError `not_found` for an unknown login or promoter
 */
export async function grantPromoter(email: string, promoterUserId: number, db: Db = getDb()): Promise<{ created: boolean; promoterName: string }> {
  const login = await findLoginByEmail(email, db);
  if (!login) throw new AppError('not_found', `No login with the email ${email}`);
  const [promoter] = await db.select({ id: promoters.id, name: promoters.name }).from(promoters).where(eq(promoters.userId, promoterUserId));
  if (!promoter) throw new AppError('not_found', `No promoter with the user id ${promoterUserId}`);
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(promoterStaff).values({ userId: login.id, promoterId: promoter.id }).onConflictDoNothing().returning({ userId: promoterStaff.userId });
    if (login.role !== 'admin') await tx.update(users).set({ role: 'promoter' }).where(eq(users.id, login.id));
    return { created: inserted.length > 0, promoterName: promoter.name };
  });
}

/**
 * Makes the login `email` a federation admin.
 * @returns whether the role changed
 * @throws AppError `not_found` for an unknown login
 */
export async function grantAdmin(email: string, db: Db = getDb()): Promise<{ changed: boolean }> {
  const login = await findLoginByEmail(email, db);
  if (!login) throw new AppError('not_found', `No login with the email ${email}`);
  if (login.role === 'admin') return { changed: false };
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, login.id));
  return { changed: true };
}
