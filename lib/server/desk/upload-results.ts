/**
 * Results uploaded from the desk (issue 24: "every format the importer reads … a preview of the
 * parsed race before anything is written; replace an import; the page revalidates"): the same
 * importer as `npm run import` (lib/server/import), into one of the promoter's events.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import { AppError } from '../../errors';
import { revalidateImport } from '../cache';
import { getDb } from '../db';
import { events, promoters } from '../db/schema';
import { AlreadyImportedError, ImportError, importResultsFile } from '../import';
import { parseResultsFile } from '../import/parse';
import { rankImportedEvent } from '../import/rank';
import { formatTimeMs } from '../../format';
import { assertAllowed, type Viewer } from '../policy';

/** At most this many rows of each race in a preview. */
export const PREVIEW_ROWS = 10;

export interface ResultsPreview {
  format: string;
  races: {
    name: string;
    kind: 'sprint' | 'enduro';
    entries: number;
    teams: number;
    classes: string[];
    /** The first rows in finishing order: position, number, name, class, laps, time or points. */
    rows: { position: number | null; number: string; name: string; className: string | null; laps: number | null; result: string; state: string }[];
  }[];
  /** Lines the importer would skip (none: a strict import refuses instead). */
  skipped: { line: number; field: string; detail: string }[];
}

/**
 * The event's promoter (`promoters.id`, and its public user id: what the importer names a
 * promoter by), checked against the viewer. @throws AppError `unauthenticated`, `not_found`.
 */
async function ownedEvent(viewer: Viewer, eventId: number): Promise<{ promoterId: number; promoterUserId: number }> {
  if (viewer === null) throw new AppError('unauthenticated');
  const [event] = await getDb()
    .select({ promoterId: events.promoterId, promoterUserId: promoters.userId })
    .from(events)
    .innerJoin(promoters, eq(promoters.id, events.promoterId))
    .where(eq(events.id, eventId));
  if (!event) throw new AppError('not_found');
  assertAllowed(viewer, 'results.upload', { promoterId: event.promoterId });
  return event;
}

/** An importer refusal as the API's error: `Refused: line N, field F: detail`. */
function refused(err: ImportError): AppError {
  return new AppError('invalid_results_file', `Refused: line ${err.line}, field ${err.field}: ${err.detail}`);
}

/**
 * What `text` (the content of `fileName`) would import into event `eventId`, written nowhere.
 * @throws AppError `invalid_results_file` (422, the importer's line and field), `unauthenticated`, `not_found`.
 */
export async function previewResults(viewer: Viewer, eventId: number, fileName: string, text: string): Promise<ResultsPreview> {
  await ownedEvent(viewer, eventId);
  try {
    const imported = rankImportedEvent(parseResultsFile(fileName, text));
    return {
      format: imported.source,
      races: imported.races.map((race) => ({
        name: race.name,
        kind: race.kind,
        entries: race.entries.length,
        teams: race.teams.length,
        classes: race.classes,
        rows: [...race.entries]
          .sort((a, b) => (a.result.position ?? Number.MAX_SAFE_INTEGER) - (b.result.position ?? Number.MAX_SAFE_INTEGER))
          .slice(0, PREVIEW_ROWS)
          .map((e) => ({
            position: e.result.position,
            number: e.raceNumber,
            name: `${e.firstName} ${e.lastName}`.trim(),
            className: e.className,
            laps: e.result.laps,
            result: e.result.totalTimeMs !== null ? formatTimeMs(e.result.totalTimeMs) : e.result.points !== null ? String(e.result.points) : e.result.bestLapMs !== null ? formatTimeMs(e.result.bestLapMs) : '',
            state: e.result.state,
          })),
      })),
      skipped: imported.report.skippedLines,
    };
  } catch (err) {
    if (err instanceof ImportError) throw refused(err);
    throw err;
  }
}

/**
 * Imports `text` into event `eventId` (all or nothing; `replace` swaps an earlier import of the
 * same file), then revalidates the event, its races, the lists and its series everywhere.
 * @returns the new races' ids and the number of entries.
 * @throws AppError `invalid_results_file` (422), `already_imported` (409: the same file went
 *   to this or another event; `replace` to swap it in this one), `unauthenticated`, `not_found`.
 */
export async function importResults(viewer: Viewer, eventId: number, fileName: string, text: string, replace: boolean): Promise<{ raceIds: number[]; entries: number; replaced: boolean }> {
  const { promoterUserId } = await ownedEvent(viewer, eventId);
  try {
    const summary = await importResultsFile(getDb(), fileName, text, { promoterUserId, eventId, replace });
    await revalidateImport(getDb(), summary);
    return { raceIds: summary.raceIds, entries: summary.entries, replaced: summary.replaced };
  } catch (err) {
    if (err instanceof ImportError) throw refused(err);
    if (err instanceof AlreadyImportedError) throw new AppError('already_imported', err.message);
    throw err;
  }
}
