/**
 * Whether another process feeds an event (issue 24 status `busy`): the live ingest's one-writer
 * lock (lib/server/timing/live/ingest/event-lock.ts, `pg_try_advisory_lock(LIVE_LOCK_CLASS,
 * eventId)`) is held in this database by some session — `npm run live`, the bench, or another
 * site instance. Read from `pg_locks`, so every instance answers alike.
 */
import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { LIVE_LOCK_CLASS } from '../../timing/live/ingest';

/** True when some session of this database holds the live lock of event `eventId`. */
export async function eventLockHeld(db: Db, eventId: number): Promise<boolean> {
  // A lock on two int4 keys shows as classid = key 1, objid = key 2, objsubid = 2.
  const { rows } = await db.execute<{ held: boolean }>(sql`
    select exists (
      select 1 from pg_locks
       where locktype = 'advisory' and granted and objsubid = 2
         and database = (select oid from pg_database where datname = current_database())
         and classid = ${LIVE_LOCK_CLASS}::int::oid and objid = ${eventId}::int::oid
    ) as held`);
  return rows[0]?.held === true;
}
