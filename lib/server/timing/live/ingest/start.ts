/**
 * `start()` (the header of ./index.ts, first point): takes the event's lock (./event-lock.ts),
 * then marks the event's races left `live` by an earlier feed (a process killed without
 * `finish()`) finished, and publishes that; a run that claims one again reopens it
 * (./match-run.ts). Retried after `retryMs` while the database cannot be reached; another feed
 * holding the event, or any other failure, stops this ingest for good. The first write calls it
 * when nobody did.
 */
import { and, eq, sql } from 'drizzle-orm';
import { isDatabaseUnavailable } from '../../../db/availability';
import { races } from '../../../db/schema';
import { noteOutage, noteReachable } from './batch-writer';
import { errorText } from './error-text';
import { acquireLock, LiveFeedBusyError } from './event-lock';
import { publish } from './publish';
import type { IngestState } from './state';

/** Takes the event's lock and finishes the races an earlier feed left live; once (idempotent). */
export function start(state: IngestState): Promise<void> {
  return (state.lock.starting ??= (async () => {
    for (;;) {
      if (state.dead) throw new Error(`the live ingest of event ${state.eventId} is ${state.dead}`);
      try {
        await acquireLock(state);
        await closeLeftLive(state);
        noteReachable(state);
        return;
      } catch (err) {
        if (!(err instanceof LiveFeedBusyError) && isDatabaseUnavailable(err)) {
          noteOutage(state, err);
          await new Promise((resolve) => setTimeout(resolve, state.retryMs).unref());
          continue;
        }
        if (err instanceof LiveFeedBusyError) state.log(err.message);
        else state.log(`cannot start: ${errorText(err)}`);
        state.dead ??= err instanceof LiveFeedBusyError ? 'not the writer of its event' : 'not started';
        throw err;
      }
    }
  })());
}

/** Marks the event's races left `live` by an earlier feed finished (`live_updated_at` kept: the idle window counts from their last change). */
async function closeLeftLive(state: IngestState): Promise<void> {
  const { db, eventId } = state;
  const rows = await db
    .update(races)
    .set({ liveState: 'finished', liveSeq: sql`${races.liveSeq} + 1` })
    .where(and(eq(races.eventId, eventId), eq(races.liveState, 'live')))
    .returning({ id: races.id, seq: races.liveSeq });
  if (!rows.length) return;
  state.stats.racesClosedAtStart += rows.length;
  state.log(`race(s) ${rows.map((r) => r.id).join(', ')} left live by an earlier feed: marked finished`);
  await publish(
    state,
    rows.map((r) => ({ raceId: r.id, seq: r.seq, state: 'finished' as const, stateChanged: true, finished: true })),
  );
}
