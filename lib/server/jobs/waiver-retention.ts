/**
 * The `waiver-retention` job (issue 27 "kept as long as the federation's retention setting says (a
 * minor's at least until they turn 18 plus the limitation period), then deleted by a scheduled job
 * that leaves an audit line"), run daily by the queue's schedule (./kinds.ts `JOB_SCHEDULES`):
 * deletes every waiver document whose `keep_until` is before the federation's today (the table's
 * trigger allows exactly those) with its images, and writes for each an audit line `deleted`
 * holding only its event id and kind (no personal data), in one transaction per batch of
 * `WAIVER_RETENTION_BATCH`: a batch is deleted with its audit lines or not at all. Rows locked by
 * another run are skipped (`SKIP LOCKED`), so two instances never delete one twice. Safe to run
 * twice. The audit lines (`waiver_audit`, append-only, no foreign key) outlive the document.
 *
 * No `server-only` marker: the worker runs it in the site's server under plain Node.
 */
import { sql } from 'drizzle-orm';
import { federationDate } from '../../format';
import { getDb } from '../db';

/** Documents deleted per transaction. */
export const WAIVER_RETENTION_BATCH = 500;

/** A run's payload: none from the schedule; `now` (ISO 8601) in tests. */
export interface WaiverRetentionPayload {
  now?: string;
}

/** What a run did: the documents it deleted (ids). */
export interface WaiverRetentionResult {
  deleted: string[];
}

/**
 * Deletes the waivers kept until before the federation's today (or `payload.now`'s) (see the
 * module's docstring). @throws Error when the database fails (the batches already committed stay done).
 */
export async function runWaiverRetention(payload: WaiverRetentionPayload | null = null): Promise<WaiverRetentionResult> {
  const now = payload?.now ? new Date(payload.now) : new Date();
  const today = federationDate(now);
  const deleted: string[] = [];
  for (;;) {
    const batch = await getDb().transaction(async (tx) => {
      const { rows } = await tx.execute<{ id: string; event_id: number; kind: string }>(sql`
        with doomed as (
          select id from waiver_documents
           where keep_until < ${today}::date and keep_until < current_date
           order by keep_until, id
           limit ${WAIVER_RETENTION_BATCH}
           for update skip locked
        )
        delete from waiver_documents w using doomed where w.id = doomed.id
        returning w.id, w.event_id, w.kind`);
      if (rows.length) {
        await tx.execute(sql`
          insert into waiver_audit (document_id, action, at, actor, detail)
          select (r->>'id')::uuid, 'deleted', ${now.toISOString()}::timestamptz, null, jsonb_build_object('eventId', (r->>'event_id')::int, 'kind', r->>'kind', 'reason', 'retention')
            from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) r`);
      }
      return rows.map((r) => r.id);
    });
    deleted.push(...batch);
    if (batch.length < WAIVER_RETENTION_BATCH) break;
  }
  return { deleted };
}
