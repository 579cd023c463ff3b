/**
 * npm run users -- list [SEARCH] | grant-promoter EMAIL PROMOTER_ID | grant-admin EMAIL
 *
 * Logins and their roles (issue 22; lib/server/policy):
 *   list            — every login (or those whose email or name contains SEARCH): email,
 *                     account type, verified email, the promoters it acts for;
 *   grant-promoter  — the login becomes promoter staff of the promoter whose public id is
 *                     PROMOTER_ID (the id of its results page, /results/{PROMOTER_ID}); a
 *                     login may staff several promoters;
 *   grant-admin     — the login becomes a federation admin (the /admin/users page, every
 *                     promoter's work).
 * Granting twice changes nothing. The change counts at the login's next request.
 * Uses DATABASE_URL, else the embedded database of `npm start` when it is running, else starts
 * the embedded database itself. Runs with `--conditions=react-server` (package.json) so the
 * domain modules' `server-only` marker loads.
 * Exit codes: 0 done; 1 bad arguments, unknown login or promoter.
 */
import { parseId } from '../lib/contracts/ids';
import { AppError } from '../lib/errors';
import { databaseUrl, redactUrl, serverEnv } from '../lib/server/config/env';
import { closeDb, getDb } from '../lib/server/db';
import { isPortOpen, startEmbeddedPostgres, type RunningPostgres } from '../lib/server/db/embedded';
import { applyMigrations } from '../lib/server/db/migrate';
import { grantAdmin, grantPromoter, listLogins, LOGINS_PAGE } from '../lib/server/policy';

const USAGE = 'Usage: npm run users -- list [SEARCH] | grant-promoter EMAIL PROMOTER_ID | grant-admin EMAIL';

class UsageError extends Error {}

async function run(command: string | undefined, args: string[]): Promise<string[]> {
  switch (command) {
    case 'list': {
      if (args.length > 1) throw new UsageError(USAGE);
      const lines: string[] = [];
      let total = 0;
      for (let page = 1; ; page++) {
        const result = await listLogins({ q: args[0], page });
        total = result.total;
        for (const l of result.logins) {
          const staff = l.promoters.map((p) => `${p.name} (${p.userId})`).join(', ');
          lines.push(`${l.email}\t${l.role}\t${l.emailVerified ? 'verified' : 'unverified'}\t${staff || '—'}`);
        }
        if (page * LOGINS_PAGE >= total) break;
      }
      return [`${total} login(s):`, ...lines];
    }
    case 'grant-promoter': {
      const [email, id] = args;
      const promoterUserId = id === undefined ? null : parseId(id);
      if (!email || promoterUserId === null || args.length !== 2) throw new UsageError(USAGE);
      const { created, promoterName } = await grantPromoter(email, promoterUserId);
      return [created ? `${email} now acts for ${promoterName} (${promoterUserId}).` : `${email} already acts for ${promoterName} (${promoterUserId}); nothing changed.`];
    }
    case 'grant-admin': {
      const [email] = args;
      if (!email || args.length !== 1) throw new UsageError(USAGE);
      const { changed } = await grantAdmin(email);
      return [changed ? `${email} is now a federation admin.` : `${email} already is a federation admin; nothing changed.`];
    }
    default:
      throw new UsageError(USAGE);
  }
}

async function main() {
  const [command, ...args] = process.argv.slice(2).filter((a) => a !== '--');
  if (!command || !['list', 'grant-promoter', 'grant-admin'].includes(command)) throw new UsageError(USAGE);
  const env = serverEnv();
  let embedded: RunningPostgres | undefined;
  if (!env.DATABASE_URL && !(await isPortOpen(env.DB_PORT))) {
    embedded = await startEmbeddedPostgres({ dataDir: env.DB_DATA_DIR, port: env.DB_PORT });
  }
  try {
    if (embedded) await applyMigrations(getDb());
    const lines = await run(command, args);
    console.log(`(${redactUrl(databaseUrl())})`);
    for (const line of lines) console.log(line);
  } finally {
    await closeDb();
    await embedded?.stop();
  }
}

main().catch((err) => {
  if (err instanceof AppError && err.code === 'not_found') console.error(`Refused: ${err.message}.`);
  else console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
