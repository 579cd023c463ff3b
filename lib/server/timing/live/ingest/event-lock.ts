/**
 * One writer per event (the header of ./index.ts, first point): a PostgreSQL advisory lock on the
 * event, `pg_try_advisory_lock(LIVE_LOCK_CLASS, eventId)`, taken by `start()` (./start.ts) or the
 * first write on a connection of its own and held until `close()`; another ingest of the same
 * event gets `LiveFeedBusyError`. A lock lost with its connection is taken again before the next
 * write (./index.ts: each write calls `acquireLock`); if another feed took it meanwhile, this one
 * stops writing (./batch-writer.ts); if the holder is the lost connection's own server process,
 * not yet exited, that process is ended, waited for up to 5 s, and the lock taken.
 */
import type pg from 'pg';
import { errorText } from './error-text';
import type { HeldLock, IngestState } from './state';

/** First key of the event's advisory lock: `pg_try_advisory_lock(LIVE_LOCK_CLASS, eventId)`. */
export const LIVE_LOCK_CLASS = 0x4c4c_4c46;

/** Another live feed holds the event (its advisory lock): one writer per event. */
export class LiveFeedBusyError extends Error {
  constructor(readonly eventId: number) {
    super(`Another live feed is already writing event ${eventId} (npm run live, or the bench): stop it first`);
    this.name = 'LiveFeedBusyError';
  }
}

/** Gives the lock's connection back: unlocked when it still works, else destroyed (which unlocks too). */
export async function releaseLock(state: IngestState): Promise<void> {
  const { lock } = state;
  if (!lock.held) return;
  const { client, lost, detach, pid } = lock.held;
  lock.held = null;
  detach();
  if (lost) {
    lock.lostPid = pid;
    return client.release(true);
  }
  try {
    await client.query('select pg_advisory_unlock($1, $2)', [LIVE_LOCK_CLASS, state.eventId]);
    client.release();
  } catch {
    client.release(true);
  }
}

/** Takes (or takes again) the event's advisory lock on a connection of its own; `LiveFeedBusyError` when another feed holds it. */
export async function acquireLock(state: IngestState): Promise<void> {
  const { lock, eventId } = state;
  if (lock.held && !lock.held.lost) return;
  await releaseLock(state);
  const pool = (state.db as unknown as { $client?: pg.Pool }).$client;
  if (!pool || typeof pool.connect !== 'function') throw new Error('the live ingest needs a Drizzle database on a pg Pool (for the event lock)');
  const client = await pool.connect();
  const onError = (err: Error) => lost(errorText(err));
  const onEnd = () => lost('closed');
  const detach = () => {
    client.off('error', onError);
    client.off('end', onEnd);
  };
  const held: HeldLock = { client, lost: false, detach, pid: 0 };
  const lost = (why: string) => {
    if (held.lost) return;
    held.lost = true;
    if (!state.dead) state.log(`event lock connection lost (${why}); the lock is taken again before the next write`);
  };
  client.on('error', onError);
  client.on('end', onEnd);
  let ok: boolean;
  try {
    const tryLock = async () =>
      (await client.query<{ ok: boolean; pid: number }>('select pg_try_advisory_lock($1, $2) as ok, pg_backend_pid() as pid', [LIVE_LOCK_CLASS, eventId])).rows[0];
    let row = await tryLock();
    if (!row?.ok && lock.lostPid) {
      // Busy: if the holder is this feed's own lost connection (its server process has not
      // exited yet), end it, wait for it to go (up to 5 s) and try once more.
      const { rows } = await client.query<{ pid: number }>(
        "select pid from pg_locks where locktype = 'advisory' and classid = $1 and objid = $2 and granted",
        [LIVE_LOCK_CLASS, eventId],
      );
      if (rows.some((r) => r.pid === lock.lostPid)) {
        await client.query('select pg_terminate_backend($1, 5000)', [lock.lostPid]).catch(() => {});
        row = await tryLock();
      }
    }
    ok = row?.ok === true;
    held.pid = row?.pid ?? 0;
    if (ok) lock.lostPid = 0;
  } catch (err) {
    detach();
    client.release(true);
    throw err;
  }
  if (!ok) {
    detach();
    client.release();
    throw new LiveFeedBusyError(eventId);
  }
  lock.held = held;
}
