/**
 * npm run import -- <file> [--event ID] [--promoter USER_ID] [--date YYYY-MM-DD] [--name NAME] [--host-club CLUB[,CLUB]] [--replace] [--lenient]
 *
 * Imports an RMonitor capture (.txt/.log), an ECEA team-enduro CSV, an AMA live-timing JSON or a
 * results spreadsheet (a CSV, or an .xlsx workbook: its first sheet, read as CSV) into the race
 * database, in one transaction. A file imported before (same content) is refused
 * with the event it went to, unless --replace replaces that import's races and results.
 * Strict by default: a malformed line refuses the file (line and field printed, nothing written);
 * --lenient skips malformed lines instead and lists them. Unknown message types are counted and
 * printed either way (the report is also stored with the import).
 * --host-club sets the event's host club as team names spell it (`--host-club CJCR` for teams
 * `CJCR - …`; `--host-club CJCR,SJER` for an event two clubs hold): their teams score 0 in a team
 * championship at their own event.
 * Uses DATABASE_URL, else the embedded database of `npm start` when it is running, else starts
 * the embedded database itself for the import.
 * After an import, the pages it touched are revalidated on every site instance (its races, its
 * event, the lists of events, the series holding the event: lib/server/cache/revalidate-import.ts).
 * Exit codes: 0 imported; 1 refused file (line and field printed), already imported, or bad arguments.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { databaseUrl, redactUrl, serverEnv } from '../lib/server/config/env';
import { closeDb, getDb } from '../lib/server/db';
import { isPortOpen, startEmbeddedPostgres, type RunningPostgres } from '../lib/server/db/embedded';
import { applyMigrations } from '../lib/server/db/migrate';
import { closePublisher, revalidateImport, publishTagsOnProcessBus } from '../lib/server/cache';
import { AlreadyImportedError, ImportError, type ImportReport, ImportTargetError, importResultsFile, parseHostClub } from '../lib/server/import';
import { ensureDefaultPromoter } from '../lib/server/seed';
import { parseId } from '../lib/contracts/ids';
import { resultsFileText } from '../lib/server/timing/xlsx';

const USAGE = 'Usage: npm run import -- <file> [--event ID] [--promoter USER_ID] [--date YYYY-MM-DD] [--name NAME] [--host-club CLUB[,CLUB]] [--replace] [--lenient]';

/** The report's lines for the console: unknown message types with counts, skipped lines. */
function reportLines(report: ImportReport): string[] {
  const lines: string[] = [];
  const unknown = Object.entries(report.unknownMessages);
  if (unknown.length) lines.push(`Unknown message types (not imported): ${unknown.map(([type, n]) => `$${type} ×${n}`).join(', ')}`);
  if (report.skippedLines.length) {
    lines.push(`Skipped ${report.skippedLines.length} line(s) (--lenient):`);
    for (const s of report.skippedLines) lines.push(`  line ${s.line}, field ${s.field}: ${s.detail}`);
  }
  const checks = report.positionChecks ?? [];
  if (checks.length) {
    lines.push(`${checks.length} position(s) given by the file differ from the ranking rules (kept as given):`);
    for (const c of checks) lines.push(`  ${c.race}, ${c.kind} ${c.key}: given ${c.given ?? '—'}, rules ${c.computed ?? '—'}`);
  }
  return lines;
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      event: { type: 'string' },
      promoter: { type: 'string' },
      date: { type: 'string' },
      name: { type: 'string' },
      'host-club': { type: 'string' },
      replace: { type: 'boolean', default: false },
      lenient: { type: 'boolean', default: false },
    },
  });
  const file = positionals[0];
  if (!file) throw new ImportTargetError(USAGE);
  if (values.date && !/^\d{4}-\d{2}-\d{2}$/.test(values.date)) throw new ImportTargetError('The provided date is invalid: use YYYY-MM-DD');
  const eventId = values.event === undefined ? undefined : parseId(values.event);
  if (eventId === null) throw new ImportTargetError('The provided event id is invalid');
  const env = serverEnv();
  const promoterUserId = values.promoter === undefined ? env.DEFAULT_PROMOTER_USER_ID : parseId(values.promoter);
  if (promoterUserId === null) throw new ImportTargetError('The provided promoter id is invalid');
  const hostClub = parseHostClub(values['host-club']);

  // An .xlsx becomes the CSV of its first sheet; any other file is read as UTF-8 (BOM kept).
  const text = await resultsFileText(path.basename(file), await fs.readFile(file));
  let embedded: RunningPostgres | undefined;
  if (!env.DATABASE_URL && !(await isPortOpen(env.DB_PORT))) {
    embedded = await startEmbeddedPostgres({ dataDir: env.DB_DATA_DIR, port: env.DB_PORT });
  }
  try {
    const db = getDb();
    if (embedded) await applyMigrations(db);
    await ensureDefaultPromoter(db, env.DEFAULT_PROMOTER_USER_ID);
    const summary = await importResultsFile(db, path.basename(file), text, {
      promoterUserId,
      eventId,
      startDate: values.date,
      eventName: values.name,
      hostClub,
      replace: values.replace,
      lenient: values.lenient,
    });
    console.log(
      `${summary.replaced ? 'Replaced the earlier import of' : 'Imported'} ${file} in event ${summary.eventId} (${redactUrl(databaseUrl())}): ` +
        `${summary.raceIds.length} race(s) [${summary.raceIds.join(', ')}], ${summary.entries} entries, ${summary.passings} passings` +
        (hostClub ? `; host club ${hostClub}` : ''),
    );
    for (const line of reportLines(summary.report)) console.log(line);
    publishTagsOnProcessBus();
    await revalidateImport(db, summary);
  } finally {
    await closePublisher();
    await closeDb();
    await embedded?.stop();
  }
}

main().catch((err) => {
  if (err instanceof ImportError) console.error(`Refused: ${err.message}. Nothing was written (--lenient skips such lines).`);
  else if (err instanceof AlreadyImportedError) console.error(`Refused: ${err.message}. Nothing was written; use --replace to replace that import's results.`);
  else if (err instanceof ImportTargetError) console.error(err.message);
  else console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
