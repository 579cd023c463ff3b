/**
 * npm run drill [-- --only limits,db-crash]
 *
 * Runs the fault drills of scripts/lib/drill.ts against the product `npm start` is running
 * (PORT, CMS_PORT, DB_PORT and DB_DATA_DIR from the environment or .env, as for npm start) and
 * prints what each saw. Exit code 1 when a drill saw something it should not have.
 * The drills kill the CMS and the database (npm start brings them back) and replace the Sebring
 * lites session with the same file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { serverEnv } from '../lib/server/config/env';
import { DRILLS, readState, type DrillName } from './lib/drill';

async function main() {
  if (fs.existsSync(path.resolve('.env'))) process.loadEnvFile(path.resolve('.env'));
  const { values } = parseArgs({ options: { only: { type: 'string' } } });
  const env = serverEnv();
  const state = readState(process.cwd(), env.PORT);
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  const target = {
    site: `http://${host}:${env.PORT}`,
    cms: env.CMS_URL ? undefined : `http://127.0.0.1:${env.CMS_PORT}`,
    state,
    env: process.env,
  };
  const names = (values.only?.split(',') ?? Object.keys(DRILLS)) as DrillName[];
  let failed = 0;
  for (const name of names) {
    const drill = DRILLS[name];
    if (!drill) throw new Error(`Unknown drill ${name}; known: ${Object.keys(DRILLS).join(', ')}`);
    const started = Date.now();
    const result = await drill({ ...target, state: readState(process.cwd(), env.PORT) });
    if (!result.ok) failed++;
    console.log(`${result.ok ? 'PASS' : 'FAIL'} ${result.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    for (const line of result.lines) console.log(`     ${line}`);
  }
  console.log(failed ? `${failed} drill(s) failed` : `all ${names.length} drills passed`);
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
