/**
 * Which participant records are riders of a series (issue 24; spec §3 Series table): those with a
 * result in a public race of one of its public events, the results its standings count
 * (`loadSeriesFrom`). A merge or split names only those.
 */
import 'server-only';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../errors';
import type { Tx } from '../../db';
import { entries, events, races, results, seriesEvents } from '../../db/schema';
import { eventShown } from '../../events/visibility';
import { raceShown } from '../../policy/visibility';
import { inIds } from '../../series/riders';

/**
 * Refuses participant ids that are not riders of series `seriesId` (one query).
 * @throws AppError `not_found` naming none of them (an id of another series answers like an unknown one).
 */
export async function assertSeriesParticipants(db: Pick<Tx, 'selectDistinct'>, seriesId: number, participantIds: readonly number[]): Promise<void> {
  const ids = [...new Set(participantIds)];
  if (!ids.length) return;
  const found = await db
    .selectDistinct({ id: entries.participantId })
    .from(results)
    .innerJoin(entries, eq(entries.id, results.entryId))
    .innerJoin(races, eq(races.id, results.raceId))
    .innerJoin(events, eq(events.id, races.eventId))
    .innerJoin(seriesEvents, and(eq(seriesEvents.eventId, events.id), eq(seriesEvents.seriesId, seriesId)))
    .where(and(inIds(entries.participantId, ids), eventShown(), raceShown()));
  if (found.length !== ids.length) throw new AppError('not_found', 'A participant is not a rider of the series');
}
