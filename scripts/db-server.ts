/**
 * The embedded race database as its own process (started by `npm start` unless DATABASE_URL
 * is set): PGlite with its data under DB_DATA_DIR, on 127.0.0.1:DB_PORT. Stops on SIGINT/SIGTERM.
 */
import { serverEnv } from '../lib/server/config/env';
import { startEmbeddedDb } from '../lib/server/db/embedded';

async function main() {
  const env = serverEnv();
  const db = await startEmbeddedDb(env.DB_DATA_DIR, env.DB_PORT);
  console.log(`[db] PGlite ${env.DB_DATA_DIR} serving ${db.url.replace(/\/\/.*@/, '//')}`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await db.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error('[db] failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
