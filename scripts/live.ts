/**
 * npm run live -- --event ID [--host H --port P]
 *
 * Runs the live timing feed of an event (issue 10 "The feed"; lib/server/timing/live/feed.ts):
 * connects to the RMonitor server of the track's timing system (Orbits and most transponder
 * timing software stream it over TCP; `npm run replay` serves a recorded capture), writes the
 * passings and standings of each run into the event as they arrive, and publishes each change on
 * PostgreSQL LISTEN/NOTIFY so every site instance updates its live pages and drops its cached
 * pages. Reconnects by itself after a drop (backoff up to 10 s). Malformed lines are skipped and
 * logged. Runs until Ctrl-C (SIGINT) or SIGTERM, then finishes the running session (its race
 * becomes an ordinary results page).
 * --host/--port are saved for the event (table live_feeds); `--event ID` alone uses the saved
 * ones. Logs connects, drops, runs started and finished, and skipped lines.
 * Uses DATABASE_URL, else the embedded database of `npm start` when it is running, else starts
 * the embedded database itself. Runs with `--conditions=react-server` (package.json) so the
 * domain modules' `server-only` marker loads.
 * One feed per event: a second `npm run live` of the same event refuses to start (exit 1). At
 * start, races of the event an earlier feed left live (a process killed without finishing) are
 * marked finished; a run that continues one reopens it.
 * Exit codes: 0 stopped by a signal; 1 bad arguments, unknown event, no saved feed, the event
 * already fed by another feed.
 */
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { parseId } from '../lib/contracts/ids';
import { closePublisher, publishTagsOnProcessBus } from '../lib/server/cache';
import { databaseUrl, redactUrl, serverEnv } from '../lib/server/config/env';
import { closeDb, getDb } from '../lib/server/db';
import { isPortOpen, startEmbeddedPostgres, type RunningPostgres } from '../lib/server/db/embedded';
import { applyMigrations } from '../lib/server/db/migrate';
import { events, liveFeeds } from '../lib/server/db/schema';
import { processBus } from '../lib/server/timing/live/bus';
import { runLiveFeed } from '../lib/server/timing/live/feed';
import { LiveFeedBusyError } from '../lib/server/timing/live/ingest';
import { log, parsePort, runMain, UsageError } from './lib/cli';

const USAGE = 'Usage: npm run live -- --event ID [--host H --port P]';

async function main() {
  const { values } = parseArgs({ options: { event: { type: 'string' }, host: { type: 'string' }, port: { type: 'string' } } });
  if (values.event === undefined) throw new UsageError(USAGE);
  const eventId = parseId(values.event);
  if (eventId === null) throw new UsageError(`The provided event id is invalid: ${values.event}`);
  const host = values.host?.trim();
  if (host === '') throw new UsageError('The provided host is invalid');
  const port = values.port === undefined ? undefined : parsePort(values.port);

  const env = serverEnv();
  let embedded: RunningPostgres | undefined;
  if (!env.DATABASE_URL && !(await isPortOpen(env.DB_PORT))) {
    embedded = await startEmbeddedPostgres({ dataDir: env.DB_DATA_DIR, port: env.DB_PORT });
  }
  const db = getDb();
  const cleanup = async () => {
    await closePublisher().catch(() => {});
    await closeDb();
    await embedded?.stop();
  };
  try {
    if (embedded) await applyMigrations(db);
    const [event] = await db.select({ id: events.id, name: events.name }).from(events).where(eq(events.id, eventId));
    if (!event) throw new UsageError(`The provided event id is invalid: ${eventId} (no such event in ${redactUrl(databaseUrl())})`);
    const [saved] = await db.select().from(liveFeeds).where(eq(liveFeeds.eventId, eventId));
    const feedHost = host ?? saved?.host;
    const feedPort = port ?? saved?.port;
    if (!feedHost || !feedPort) {
      throw new UsageError(`No feed saved for event ${eventId}: give --host and --port (${USAGE.slice(7)})`);
    }
    if (host !== undefined || port !== undefined) {
      await db
        .insert(liveFeeds)
        .values({ eventId, host: feedHost, port: feedPort })
        .onConflictDoUpdate({ target: liveFeeds.eventId, set: { host: feedHost, port: feedPort, updatedAt: new Date() } });
    }

    publishTagsOnProcessBus(databaseUrl());
    const bus = processBus(databaseUrl());
    log(`Live feed of event ${eventId} (${event.name}) from ${feedHost}:${feedPort} into ${redactUrl(databaseUrl())}; Ctrl-C stops`);
    const feed = runLiveFeed({ db, eventId, host: feedHost, port: feedPort, bus, log });
    try {
      await feed.ready;
    } catch (err) {
      await feed.stop();
      if (err instanceof LiveFeedBusyError) {
        throw new UsageError(`Event ${eventId} is already fed by another live feed (another npm run live, or the bench): stop that one first. Only one feed may write an event.`);
      }
      throw err;
    }

    await new Promise<void>((resolve) => {
      const stop = (signal: string) => {
        log(`${signal}: finishing the running session… (again to quit at once)`);
        const quit = () => process.exit(1);
        process.once('SIGINT', quit);
        process.once('SIGTERM', quit);
        resolve();
      };
      process.once('SIGINT', () => stop('SIGINT'));
      process.once('SIGTERM', () => stop('SIGTERM'));
    });
    await feed.stop();
    const s = feed.ingest.stats;
    log(`Stopped: ${s.lines} line(s), ${s.passings} passing(s) written in ${s.writes} write(s), ${s.racesCreated} race(s) created, ${s.skipped} line(s) skipped`);
  } finally {
    await cleanup();
  }
}

runMain(main);
