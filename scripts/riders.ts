/**
 * npm run riders -- list <seriesId> | merge <participantId> <participantId>… | split <participantId> | reset <participantId>
 *
 * Rider identity across events (issue 9; lib/server/series/riders.ts): the series standings
 * match a rider's results by licence, member number, or name + race number + class. This tool
 * shows how a series sees its riders and corrects it by hand:
 *   list   — the riders of series <seriesId>: rider key, the participant records behind it,
 *            latest number, name, hometown, brand, classes and results;
 *   merge  — one rider from these participants (and every participant already sharing a key
 *            with one of them): all get the key `rider:<lowest participant id>`;
 *   split  — the participant gets its own key `rider:<id>`;
 *   reset  — removes the participant's hand-set key (back to licence, member number or name).
 * Prints what changed; the standings follow at their next read: a change revalidates, on every
 * site instance, the pages of the series whose events hold results of the participants it
 * changed (lib/server/cache/revalidate-riders.ts `riderTags`), not every series.
 * Uses DATABASE_URL, else the embedded database of `npm start` when it is running, else starts
 * the embedded database itself. Runs with `--conditions=react-server` (package.json) so the
 * domain modules' `server-only` marker loads.
 * Exit codes: 0 done; 1 bad arguments, unknown series or participant.
 */
import { databaseUrl, redactUrl, serverEnv } from '../lib/server/config/env';
import { parseId } from '../lib/contracts/ids';
import { AppError } from '../lib/errors';
import { closeDb, getDb } from '../lib/server/db';
import { isPortOpen, startEmbeddedPostgres, type RunningPostgres } from '../lib/server/db/embedded';
import { applyMigrations } from '../lib/server/db/migrate';
import { closePublisher, revalidateRiders, publishTagsOnProcessBus } from '../lib/server/cache';
import { listSeriesRiders } from '../lib/server/series/list-series-riders';
import { mergeRiders, resetRider, splitRider, type RiderChange } from '../lib/server/series/riders';

const USAGE = 'Usage: npm run riders -- list <seriesId> | merge <participantId> <participantId>… | split <participantId> | reset <participantId>';

class UsageError extends Error {}

function ids(args: string[], kind: string): number[] {
  return args.map((a) => {
    const id = parseId(a);
    if (id === null) throw new UsageError(`The provided ${kind} id is invalid: ${a}`);
    return id;
  });
}

function changeLines(change: RiderChange): string[] {
  if (!change.changed.length) return ['Nothing changed.'];
  return change.changed.map((c) => `  participant ${c.participantId}: ${c.before.join(', ') || '(no results)'} → ${change.riderKey}`);
}

/** The command's output lines and the participants whose rider key it changed. */
interface Outcome {
  lines: string[];
  changed: number[];
}

async function run(command: string | undefined, args: string[]): Promise<Outcome> {
  switch (command) {
    case 'list': {
      const [seriesId] = ids(args.slice(0, 1), 'series');
      if (seriesId === undefined || args.length !== 1) throw new UsageError(USAGE);
      const riders = await listSeriesRiders(seriesId);
      const lines = [
        `${riders.length} rider(s) in series ${seriesId}:`,
        ...riders.map(
          (r) =>
            `${r.riderKey}\tparticipants ${r.participantIds.join(',')}\t#${r.number ?? '—'}\t${r.firstName} ${r.lastName}\t${[r.city, r.state].filter(Boolean).join(', ') || '—'}\t${r.brand ?? '—'}\t${r.classes.join(' / ') || '—'}\t${r.results} result(s)`,
        ),
      ];
      return { lines, changed: [] };
    }
    case 'merge': {
      if (args.length < 2) throw new UsageError(USAGE);
      const change = await mergeRiders(ids(args, 'participant'));
      return { lines: [`Merged into ${change.riderKey}:`, ...changeLines(change)], changed: change.changed.map((c) => c.participantId) };
    }
    case 'split': {
      if (args.length !== 1) throw new UsageError(USAGE);
      const change = await splitRider(ids(args, 'participant')[0]);
      return { lines: [`Split: participant ${args[0]} is now ${change.riderKey}.`, ...changeLines(change)], changed: change.changed.map((c) => c.participantId) };
    }
    case 'reset': {
      if (args.length !== 1) throw new UsageError(USAGE);
      const [participantId] = ids(args, 'participant');
      const { removed, keys } = await resetRider(participantId);
      return {
        lines: [removed ? `Participant ${args[0]}: removed ${removed}; its key is now ${keys.join(', ') || '(no results)'}.` : `Participant ${args[0]} had no hand-set key; nothing changed.`],
        changed: removed ? [participantId] : [],
      };
    }
    default:
      throw new UsageError(USAGE);
  }
}

async function main() {
  const [command, ...args] = process.argv.slice(2).filter((a) => a !== '--');
  if (!command || !['list', 'merge', 'split', 'reset'].includes(command)) throw new UsageError(USAGE);
  const env = serverEnv();
  let embedded: RunningPostgres | undefined;
  if (!env.DATABASE_URL && !(await isPortOpen(env.DB_PORT))) {
    embedded = await startEmbeddedPostgres({ dataDir: env.DB_DATA_DIR, port: env.DB_PORT });
  }
  try {
    if (embedded) await applyMigrations(getDb());
    const { lines, changed } = await run(command, args);
    console.log(`(${redactUrl(databaseUrl())})`);
    for (const line of lines) console.log(line);
    if (changed.length) {
      publishTagsOnProcessBus();
      await revalidateRiders(getDb(), changed);
    }
  } finally {
    await closePublisher();
    await closeDb();
    await embedded?.stop();
  }
}

main().catch((err) => {
  if (err instanceof AppError && err.code === 'not_found') console.error('Refused: no such public series.');
  else console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
