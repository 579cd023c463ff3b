/**
 * The e2e product's database (the embedded PostgreSQL `npm start` runs for the browser tests,
 * see playwright.config.ts): its address, with the password generated beside its data.
 */
import { Client } from 'pg';
import { embeddedPassword, embeddedUrl } from '../lib/server/config/env';

export const E2E_DB_PORT = 25433;
export const E2E_DB_DATA_DIR = '.data/e2e/pg';

export function e2eDatabaseUrl(): string {
  return embeddedUrl(E2E_DB_PORT, embeddedPassword(E2E_DB_DATA_DIR));
}

/** Runs `fn` with a connection to the e2e database. */
export async function withDb<T>(fn: (db: Client) => Promise<T>): Promise<T> {
  const db = new Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
  try {
    return await fn(db);
  } finally {
    await db.end();
  }
}
