/**
 * A real race database for integration tests: PGlite in memory, served over the Postgres
 * wire protocol on a free loopback port, migrated and seeded with the real files.
 */
import { startEmbeddedDb, type EmbeddedDb } from '../../lib/server/db/embedded';

export async function startTestDatabase(): Promise<EmbeddedDb> {
  const db = await startEmbeddedDb('memory://', 0);
  process.env.DATABASE_URL = db.url;
  const { getDb } = await import('../../lib/server/db');
  const { applyMigrations } = await import('../../lib/server/db/migrate');
  const { seedDatabase } = await import('../../lib/server/seed');
  await applyMigrations(getDb());
  await seedDatabase(getDb(), 1, () => {});
  return db;
}

export async function stopTestDatabase(db: EmbeddedDb | undefined): Promise<void> {
  const { closeDb } = await import('../../lib/server/db');
  await closeDb();
  await db?.stop();
}
