/**
 * The waiver state of each spectator (issue 28 "a signed waiver per person"; spec §3 Spectator
 * "waiver status (signed, not signed, rejected) and signatory", §4 Waiver): the latest document of
 * kind `spectator` naming the spectator (by `signed_at`: a rejection, a later document, wins over
 * the signature it rejects); none is `not_signed`.
 */
import 'server-only';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { WaiverState } from '../../contracts/waivers';
import type { Db, Tx } from '../db';
import { waiverDocuments } from '../db/schema';

/** A spectator's waiver as the steps show it. */
export interface SpectatorWaiver {
  state: WaiverState;
  signatoryName: string | null;
  documentId: string | null;
}

/** The waiver of each of `spectatorIds` (see the module's docstring). */
export async function spectatorWaivers(db: Db | Tx, spectatorIds: readonly string[]): Promise<Map<string, SpectatorWaiver>> {
  const out = new Map<string, SpectatorWaiver>(spectatorIds.map((id) => [id, { state: 'not_signed', signatoryName: null, documentId: null }]));
  if (spectatorIds.length === 0) return out;
  const rows = await db
    .selectDistinctOn([waiverDocuments.spectatorId], { spectatorId: waiverDocuments.spectatorId, id: waiverDocuments.id, state: waiverDocuments.state, signatoryName: waiverDocuments.signatoryName })
    .from(waiverDocuments)
    .where(and(inArray(waiverDocuments.spectatorId, [...spectatorIds]), eq(waiverDocuments.kind, 'spectator')))
    .orderBy(waiverDocuments.spectatorId, desc(waiverDocuments.signedAt));
  for (const row of rows) out.set(row.spectatorId!, { state: row.state, signatoryName: row.signatoryName, documentId: row.id });
  return out;
}

/** The waiver of spectator `spectatorId` (see the module's docstring). */
export async function spectatorWaiver(db: Db | Tx, spectatorId: string): Promise<SpectatorWaiver> {
  return (await spectatorWaivers(db, [spectatorId])).get(spectatorId)!;
}
