/**
 * The standings effect of a rider merge or split before confirming it (issue 24 "Riders: merge and
 * split rider records … with the standings effect shown before confirming"; spec §3 Series table,
 * §4 Series results): the class standings rows that would change, computed by the engine, written
 * nowhere.
 *
 * A dry run: in one transaction the series is loaded, the change written exactly as the confirm
 * writes it (./write-riders.ts: `mergeRiders` / `splitRider`, with every record sharing a key),
 * the series loaded again through the same transaction, and the transaction rolled back. Nothing
 * is committed, nothing revalidated, nothing recorded; the rider keys' rows stay locked only for
 * the time of the two loads.
 */
import 'server-only';
import { TransactionRollbackError } from 'drizzle-orm';
import { RIDERS_PREVIEW_ROWS, type RidersChange, type RidersPreview } from '../../../contracts/desk-riders';
import { AppError } from '../../../errors';
import { getDb } from '../../db';
import type { Viewer } from '../../policy';
import { computeStandings, loadSeriesFrom, type LoadedSeries } from '../../series';
import type { RiderChange } from '../../series/riders';
import { toResultRows } from '../../series/series-table';
import { openDeskSeries } from './open-desk-series';
import { assertSeriesParticipants } from './series-participants';
import { standingsEffect, type EffectSide } from './standings-effect';
import { writeRiders } from './write-riders';

/** The results and class rows of `loaded` by its own rules. */
const sideOf = (loaded: LoadedSeries): EffectSide => ({ results: loaded.results, rows: toResultRows(loaded, computeStandings(loaded.input).rows) });

/**
 * What `change` would do to series `seriesId`'s class standings (`RidersPreview`: the key it would
 * write, the records it would key, the rows that change).
 * @throws AppError `unauthenticated`; `not_found` (the series unknown or another promoter's, or a
 *   participant id that is not a rider of it); `race_not_configured` (422) when the series' stored
 *   rules fail their contract (its standings cannot be computed; fix the rules first).
 */
export async function previewRiders(viewer: Viewer, seriesId: number, change: RidersChange): Promise<RidersPreview> {
  const opened = await openDeskSeries(viewer, seriesId);
  if (!opened.record.rulesValid) throw new AppError('race_not_configured');
  let run: { before: LoadedSeries; after: LoadedSeries; written: RiderChange } | undefined;
  try {
    await getDb().transaction(async (tx) => {
      await assertSeriesParticipants(tx, seriesId, change.participantIds);
      const before = await loadSeriesFrom(opened.record, undefined, tx);
      const written = await writeRiders(tx, change);
      const after = await loadSeriesFrom(opened.record, undefined, tx);
      run = { before, after, written };
      tx.rollback();
    });
  } catch (err) {
    if (!(err instanceof TransactionRollbackError)) throw err;
  }
  if (!run) throw new Error('The riders preview ended without its standings');
  const named = new Set(run.written.changed.map((c) => c.participantId));
  const rows = standingsEffect(sideOf(run.before), sideOf(run.after), named, run.after.classOrder);
  return {
    action: change.action,
    participantIds: change.participantIds,
    riderKey: run.written.riderKey,
    records: named.size,
    rows: rows.slice(0, RIDERS_PREVIEW_ROWS),
    changed: rows.length,
  };
}
