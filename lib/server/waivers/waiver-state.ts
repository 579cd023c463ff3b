/**
 * A waiver's state for an event and a person (issue 27; spec §4 Waiver: signed, not signed,
 * rejected — "This waiver was rejected and cannot be signed"): the state of the latest document of
 * that event and person (by `signed_at`, the moment it was written); no document is `not_signed`.
 * A rejection is a later document in state `rejected` (./reject-waiver.ts), so it wins over the
 * signature it rejects.
 */
import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import type { WaiverState } from '../../contracts/waivers';
import { getDb, type Db, type Tx } from '../db';
import { waiverDocuments } from '../db/schema';

/** The latest document of `eventId` and `participantId` (`kind` when given), or null. */
export async function latestWaiver(eventId: number, participantId: number, db: Db | Tx = getDb(), kind?: string): Promise<{ id: string; state: 'signed' | 'rejected' } | null> {
  const [row] = await db
    .select({ id: waiverDocuments.id, state: waiverDocuments.state })
    .from(waiverDocuments)
    .where(and(eq(waiverDocuments.eventId, eventId), eq(waiverDocuments.participantId, participantId), kind ? eq(waiverDocuments.kind, kind) : undefined))
    .orderBy(desc(waiverDocuments.signedAt))
    .limit(1);
  return row ?? null;
}

/** `signed`, `not_signed` or `rejected` for person `participantId` at event `eventId` (see the module's docstring). */
export async function waiverStateOf(eventId: number, participantId: number, db: Db | Tx = getDb()): Promise<WaiverState> {
  return (await latestWaiver(eventId, participantId, db))?.state ?? 'not_signed';
}
