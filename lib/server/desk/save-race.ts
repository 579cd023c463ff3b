/**
 * A race of an event, from the desk (issue 24; spec §6 Race display: "races may be hidden from
 * public display"): its name, whether visitors may see it, and whether its results are
 * provisional or official (the print sheets' stamp). The row and its audit record in one
 * transaction, then the race's page, its event, the lists and the event's series revalidated.
 */
import 'server-only';
import { asc, count, eq } from 'drizzle-orm';
import type { DeskRaceInput } from '../../contracts/desk';
import type { ResultColumn, ResultsStatus } from '../../contracts/results';
import { AppError } from '../../errors';
import { revalidateImport } from '../cache';
import { getDb } from '../db';
import { deskAudit, events, races, results } from '../db/schema';
import { assertAllowed, type Viewer } from '../policy';

export interface DeskRaceRow {
  id: number;
  name: string;
  kind: 'sprint' | 'enduro';
  isPublic: boolean;
  resultsStatus: ResultsStatus;
  /** The columns its results table shows, in order. */
  columns: ResultColumn[];
  /** Its classes, as its results name them. */
  classes: string[];
  /** Result rows of the race (0: no results yet). */
  results: number;
}

/** The races of event `eventId` in running order, with their result counts. Check the viewer with `getDeskEvent` first. */
export async function listDeskRaces(eventId: number): Promise<DeskRaceRow[]> {
  const counts = getDb().select({ raceId: results.raceId, n: count().as('n') }).from(results).groupBy(results.raceId).as('result_counts');
  const rows = await getDb()
    .select({ id: races.id, name: races.name, kind: races.kind, isPublic: races.isPublic, resultsStatus: races.resultsStatus, config: races.config, results: counts.n })
    .from(races)
    .leftJoin(counts, eq(counts.raceId, races.id))
    .where(eq(races.eventId, eventId))
    .orderBy(asc(races.sortOrder), asc(races.id));
  return rows.map(({ config, ...r }) => ({ ...r, columns: config.columns ?? [], classes: config.classes ?? [], results: Number(r.results ?? 0) }));
}

/**
 * Renames race `raceId` or shows or hides it, recording before and after in the audit log
 * (nothing recorded nor revalidated when nothing changed). Returns the race as saved.
 * @throws AppError `unauthenticated`, `not_found` (unknown race, or another promoter's).
 */
export async function updateRace(viewer: Viewer, raceId: number, input: DeskRaceInput): Promise<Required<DeskRaceInput> & { id: number; eventId: number }> {
  if (viewer === null) throw new AppError('unauthenticated');
  const saved = await getDb().transaction(async (tx) => {
    const [current] = await tx
      .select({ eventId: races.eventId, promoterId: events.promoterId, name: races.name, isPublic: races.isPublic, resultsStatus: races.resultsStatus, config: races.config })
      .from(races)
      .innerJoin(events, eq(events.id, races.eventId))
      .where(eq(races.id, raceId))
      .for('update', { of: races });
    if (!current) throw new AppError('not_found');
    assertAllowed(viewer, 'event.edit', { promoterId: current.promoterId });
    const before = { name: current.name, isPublic: current.isPublic, resultsStatus: current.resultsStatus, columns: current.config.columns };
    const after = { name: input.name, isPublic: input.isPublic, resultsStatus: input.resultsStatus, columns: input.columns ?? current.config.columns };
    if (JSON.stringify(before) === JSON.stringify(after)) return { ...after, id: raceId, eventId: current.eventId, changed: false };
    const { columns, ...row } = after;
    await tx.update(races).set({ ...row, config: { ...current.config, columns } }).where(eq(races.id, raceId));
    await tx.insert(deskAudit).values({ userId: viewer.userId, promoterId: current.promoterId, eventId: current.eventId, entity: 'race', entityId: raceId, action: 'update', before, after });
    return { ...after, id: raceId, eventId: current.eventId, changed: true };
  });
  const { changed, ...race } = saved;
  if (changed) await revalidateImport(getDb(), { eventId: race.eventId, raceIds: [raceId] });
  return race;
}
