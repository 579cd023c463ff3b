/**
 * The logins and their roles (issue 22), for the federation admin's page
 * (/admin/users) and `npm run users -- list`: email, name, role, verified email, the promoters
 * a login staffs, creation time. No personal data beyond the login itself.
 */
import 'server-only';
import { asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import { getDb, type Db } from '../db';
import { promoterStaff, promoters, users } from '../db/schema';
import { isRole, type Role } from './roles';

export interface LoginRow {
  id: string;
  email: string;
  name: string;
  role: Role;
  emailVerified: boolean;
  /** The promoters the login is linked to (promoter staff), by name. */
  promoters: { id: number; userId: number; name: string }[];
  createdAt: Date;
}

/** The most logins one page lists. */
export const LOGINS_PAGE = 100;

/**
 * Logins by email, `LOGINS_PAGE` a page (page 1 first), optionally those whose email or name
 * contains `q` (case aside); with the total matching.
 */
export async function listLogins(opts: { q?: string; page?: number } = {}, db: Db = getDb()): Promise<{ logins: LoginRow[]; total: number }> {
  const q = opts.q?.trim();
  const page = Math.max(1, Math.floor(opts.page ?? 1));
  const where = q ? or(ilike(users.email, `%${escapeLike(q)}%`), ilike(users.name, `%${escapeLike(q)}%`)) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        role: users.role,
        emailVerified: users.emailVerified,
        createdAt: users.createdAt,
        promoters: sql<{ id: number; userId: number; name: string }[]>`coalesce((
          select json_agg(json_build_object('id', p.id, 'userId', p.user_id, 'name', p.name) order by p.name)
          from ${promoterStaff} ps join ${promoters} p on p.id = ps.promoter_id
          where ps.user_id = ${sql.raw('"users"."id"')}), '[]'::json)`,
      })
      .from(users)
      .where(where)
      .orderBy(asc(users.email))
      .limit(LOGINS_PAGE)
      .offset((page - 1) * LOGINS_PAGE),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    logins: rows.map((r) => ({ ...r, role: isRole(r.role) ? r.role : 'participant' })),
    total: total?.n ?? 0,
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The login with `email` (case aside), or null. */
export async function findLoginByEmail(email: string, db: Db = getDb()): Promise<{ id: string; email: string; role: Role } | null> {
  const [row] = await db.select({ id: users.id, email: users.email, role: users.role }).from(users).where(eq(users.email, email.trim().toLowerCase()));
  return row ? { ...row, role: isRole(row.role) ? row.role : 'participant' } : null;
}
