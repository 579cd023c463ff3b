/**
 * The e2e product's database (the embedded PostgreSQL `npm start` runs for the browser tests,
 * see playwright.config.ts): its address, with the password generated beside its data.
 */
import { Client } from 'pg';
import { embeddedPassword, embeddedUrl } from '../lib/server/config/env';

export const E2E_DB_PORT = 25433;
export const E2E_DB_DATA_DIR = '.data/e2e/pg';
/** Where the e2e product writes its emails (cleaned with the rest of .data/e2e before each run). */
export const E2E_OUTBOX_DIR = '.data/e2e/outbox';
/** The e2e CMS's first admin (a throw-away test account on a throw-away database). */
export const E2E_CMS_ADMIN = { email: 'editor@e2e.example.org', password: 'E2e-Editor-2026' };
/** The e2e CMS (Strapi on CMS_PORT 1338). */
export const E2E_CMS_URL = 'http://127.0.0.1:1338';

export function e2eDatabaseUrl(): string {
  return embeddedUrl(E2E_DB_PORT, embeddedPassword(E2E_DB_DATA_DIR));
}

/**
 * Runs `fn` with a connection to the e2e database. A test writes there behind the site's
 * back, as no writer of the product does, so afterwards every cached page and read of both e2e
 * site instances is dropped (a `resync` on the bus; lib/server/cache), as a product writer would
 * do by revalidating the tags it touched.
 */
export async function withDb<T>(fn: (db: Client) => Promise<T>): Promise<T> {
  const db = new Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
  try {
    return await fn(db);
  } finally {
    await db.query(`select pg_notify('ll_bus', $1)`, [JSON.stringify({ type: 'resync' })]).catch(() => {});
    await db.end();
    // The instances hear the NOTIFY within milliseconds; let them drop before the next request.
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
