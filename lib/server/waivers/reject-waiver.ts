/**
 * Rejecting a waiver (issue 27 "the spec's states signed, not signed, rejected ('This waiver was
 * rejected and cannot be signed')"; DESIGN.md "Signed things never change … a correction is a new
 * document"): staff of the event's promoter or a federation admin (policy `registrations.list` on
 * the event's promoter, ./load-waiver.ts) reject document `id` with a reason. The signed document is
 * never changed: a NEW document is written, a copy of the original's text, people, consents and
 * retention in state `rejected` (no images: they stay with the original), from the rejecting
 * request's address and browser; an audit line `rejected` on each (the reason on the new one). From
 * then on that person's waiver for the event is `rejected` and `signWaiver` refuses
 * (`waiver_rejected`). Rejecting an already rejected waiver answers its rejection again.
 */
import 'server-only';
import { sql } from 'drizzle-orm';
import { AppError } from '../../errors';
import { getDb } from '../db';
import { waiverAudit, waiverDocuments } from '../db/schema';
import type { Viewer } from '../policy';
import { loadWaiver, waiverReader } from './load-waiver';
import { latestWaiver } from './waiver-state';

/**
 * Rejects waiver `id` for `viewer` with `reason` (see the module's docstring).
 * @returns the rejection's document id.
 * @throws AppError `unauthenticated`; `not_found` (unknown, or not staff of its event's promoter nor an admin).
 */
export async function rejectWaiver(viewer: Viewer, id: string, reason: string, request: { ip: string; userAgent: string; now?: Date }): Promise<{ id: string }> {
  if (viewer === null) throw new AppError('unauthenticated');
  const doc = await loadWaiver(id);
  if (!doc || waiverReader(viewer, doc) !== 'staff') throw new AppError('not_found');
  const now = request.now ?? new Date();
  return getDb().transaction(async (tx) => {
    if (doc.participantId !== null) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`waiver:${doc.eventId}:${doc.participantId}`}))`);
      const latest = await latestWaiver(doc.eventId, doc.participantId, tx);
      if (latest?.state === 'rejected') return { id: latest.id };
    } else if (doc.state === 'rejected') return { id: doc.id };
    const [copy] = await tx
      .insert(waiverDocuments)
      .values({
        kind: doc.kind,
        eventId: doc.eventId,
        participantId: doc.participantId,
        spectatorId: doc.spectatorId,
        coveredName: doc.coveredName,
        coveredBirthday: doc.coveredBirthday,
        signatoryUserId: doc.signatoryUserId,
        signatoryName: doc.signatoryName,
        signatoryRole: doc.signatoryRole,
        witnessUserId: doc.witnessUserId,
        textVersion: doc.textVersion,
        textTitle: doc.textTitle,
        textBody: doc.textBody,
        locale: doc.locale,
        state: 'rejected',
        consentElectronic: doc.consentElectronic,
        agreed: doc.agreed,
        certified: doc.certified,
        signedAt: now,
        ip: request.ip.slice(0, 64) || 'unknown',
        userAgent: request.userAgent.slice(0, 512),
        keepUntil: doc.keepUntil,
      })
      .returning({ id: waiverDocuments.id });
    await tx.insert(waiverAudit).values([
      { documentId: copy!.id, action: 'rejected', at: now, actor: viewer.userId, detail: { reason, original: doc.id } },
      { documentId: doc.id, action: 'rejected', at: now, actor: viewer.userId, detail: { rejection: copy!.id } },
    ]);
    return { id: copy!.id };
  });
}
