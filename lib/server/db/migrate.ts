/** Applies the drizzle-kit migrations in `drizzle/` (idempotent). */
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Db } from './index';

export async function applyMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: path.resolve(process.cwd(), 'drizzle') });
}
