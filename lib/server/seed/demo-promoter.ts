/**
 * The demo promoter login (issue 22): at the first start, a login that acts for the default
 * promoter (role `promoter`, linked in `promoter_staff`, email verified), so promoter pages can
 * be tried at once. Its password is generated, written once beside the database's files
 * (`.data/demo-promoter.txt` for the default `DB_DATA_DIR`; mode 0600, never in the repository) and printed once, as the CMS prints its first admin
 * (cms/src/index.ts). A later start changes nothing; a login deleted by hand is created again.
 */
import { hashPassword } from '../accounts/password-hash';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../db';
import { authAccounts, promoterStaff, promoters, users } from '../db/schema';

/** The demo promoter's email. */
export const DEMO_PROMOTER_EMAIL = 'demo.promoter@example.org';
/** Where its generated credentials are kept by default (relative to the working directory; `npm start` puts them beside `DB_DATA_DIR`). */
export const DEMO_PROMOTER_FILE = '.data/demo-promoter.txt';

/**
 * Creates the demo promoter login for the promoter with public id `promoterUserId` when no
 * login has its email; writes `file` and logs the credentials once.
 * @returns the credentials when created now, else null
 */
export async function ensureDemoPromoter(
  db: Db,
  promoterUserId: number,
  file: string = DEMO_PROMOTER_FILE,
  log: (line: string) => void = console.log,
): Promise<{ email: string; password: string } | null> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_PROMOTER_EMAIL));
  if (existing) return null;
  const [promoter] = await db.select({ id: promoters.id, name: promoters.name }).from(promoters).where(eq(promoters.userId, promoterUserId));
  if (!promoter) return null;
  const password = randomBytes(18).toString('base64url');
  const hash = await hashPassword(password);
  const userId = randomUUID();
  const created = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(users)
      .values({ id: userId, name: 'Demo Promoter', email: DEMO_PROMOTER_EMAIL, emailVerified: true, role: 'promoter' })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!rows.length) return false; // another process created it first
    await tx.insert(authAccounts).values({ id: randomUUID(), accountId: userId, providerId: 'credential', userId, password: hash });
    await tx.insert(promoterStaff).values({ userId, promoterId: promoter.id });
    return true;
  });
  if (!created) return null;
  const target = path.resolve(file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.rmSync(target, { force: true });
  fs.writeFileSync(target, `email=${DEMO_PROMOTER_EMAIL}\npassword=${password}\npromoter=${promoter.name} (${promoterUserId})\n`, { mode: 0o600, flag: 'wx' });
  log(`[seed] demo promoter login for ${promoter.name}: ${DEMO_PROMOTER_EMAIL} / ${password}`);
  log(`[seed] saved to ${target} (readable only by its owner); it is not shown again`);
  return { email: DEMO_PROMOTER_EMAIL, password };
}
