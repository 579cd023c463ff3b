/**
 * Confirming a rider merge or split from the desk (issue 24 "Riders: merge and split rider records
 * (what `npm run riders` does) from the desk"; spec §3 Series table, §4 Series results): the keys
 * and the audit record in one transaction, then the standings of every series the changed records
 * ride in revalidated on every instance (`revalidateRiders`). Undo a merge with a split of the
 * record, a split with a merge.
 */
import 'server-only';
import type { RidersChange, RidersResult } from '../../../contracts/desk-riders';
import { AppError } from '../../../errors';
import { revalidateRiders } from '../../cache';
import { getDb } from '../../db';
import { deskAudit } from '../../db/schema';
import type { Viewer } from '../../policy';
import { getDeskSeries } from '../get-desk-series';
import { assertSeriesParticipants } from './series-participants';
import { writeRiders } from './write-riders';

/**
 * Applies `change` (checked by `ridersChangeInput`) to riders of series `seriesId`, recording it in
 * the audit log as an update of the series: before `{ riders: [{ participantId, before: keys }] }`,
 * after `{ riders: { action, participantIds, key } }`. A change that writes no key (already so)
 * records and revalidates nothing.
 * @throws AppError `unauthenticated`; `not_found` (the series unknown or another promoter's, or a
 *   participant id that is not a rider of it).
 */
export async function applyRiders(viewer: Viewer, seriesId: number, change: RidersChange): Promise<RidersResult> {
  if (viewer === null) throw new AppError('unauthenticated');
  const { promoterId } = await getDeskSeries(viewer, seriesId);
  const written = await getDb().transaction(async (tx) => {
    await assertSeriesParticipants(tx, seriesId, change.participantIds);
    const done = await writeRiders(tx, change);
    if (done.changed.length) {
      await tx.insert(deskAudit).values({
        userId: viewer.userId,
        promoterId,
        eventId: null,
        entity: 'series',
        entityId: seriesId,
        action: 'update',
        before: { riders: done.changed },
        after: { riders: { action: change.action, participantIds: change.participantIds, key: done.riderKey } },
      });
    }
    return done;
  });
  const changed = written.changed.map((c) => c.participantId);
  if (changed.length) await revalidateRiders(getDb(), changed);
  return { action: change.action, riderKey: written.riderKey, changed };
}
