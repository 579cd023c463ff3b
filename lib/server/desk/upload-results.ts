/**
 * Results uploaded from the desk (issue 24: "every format the importer reads, plus a generic
 * spreadsheet format (CSV, and XLSX) with a column-mapping step … a preview of the parsed race
 * before anything is written; replace an import; the page revalidates"): the same importer as
 * `npm run import` (lib/server/import), into one of the promoter's events. An `.xlsx` is read as
 * the CSV of its first sheet (lib/server/timing/xlsx.ts); a spreadsheet whose position or rider
 * column cannot be recognised is answered with its columns to map (`SheetMappingRequest`), and
 * the columns chosen (lib/contracts/desk.ts `sheetMappingInput`) come back with the preview and
 * the import.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import type { SheetField, SheetMapping } from '../../contracts/desk';
import { AppError } from '../../errors';
import { revalidateImport } from '../cache';
import { getDb } from '../db';
import { events, promoters } from '../db/schema';
import { AlreadyImportedError, contentHash, ImportError } from '../import';
import { detectFormat, parseResultsFile } from '../import/parse';
import { rankImportedEvent } from '../import/rank';
import { writeImportedEvent } from '../import/write';
import { guessMapping, readSheetTable } from '../timing/sheet';
import { isXlsx, resultsFileText } from '../timing/xlsx';
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
  /** A spreadsheet's columns as read (its header, the field of each column, the first rows), for the desk's "Change columns"; null for other formats. */
  sheet: SheetColumns | null;
}

/** A spreadsheet's header row, the field of each column (null: not used) and its first rows (`SAMPLE_ROWS`, each as long as the header). */
export interface SheetColumns {
  headers: string[];
  guess: (SheetField | null)[];
  sample: string[][];
}

/**
 * The preview's answer for a spreadsheet (CSV or XLSX) whose position or rider column the
 * importer cannot find: its columns, the fields recognised by header, and the importer's refusal
 * (`Refused: line 1, field …`). The desk asks which field each column holds and previews again
 * with `columns`.
 */
export interface SheetMappingRequest extends SheetColumns {
  needsMapping: true;
  refusal: string;
}

/** Rows of a spreadsheet shown in the column-mapping step. */
export const SAMPLE_ROWS = 5;

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

/** The format a file's content names, whatever its extension (null: none; the extension would decide). */
function contentFormat(text: string): string | null {
  try {
    return detectFormat('', text);
  } catch (err) {
    if (err instanceof ImportError) return null;
    throw err;
  }
}

/**
 * The columns to map when `err` refused a file that is a table the importer did not recognise:
 * content of no known format (a `.csv` then falls to the ECEA importer, another extension is
 * refused as unknown), or a spreadsheet missing its position or rider column; null otherwise
 * (an RMonitor, ECEA or AMA file keeps its refusal, and so does a bad cell of a recognised sheet).
 */
function mappingRequest(fileName: string, text: string, err: ImportError): SheetMappingRequest | null {
  const format = contentFormat(text);
  const unrecognised = format === null && !/\.json$/i.test(fileName);
  if (!unrecognised && !(format === 'sheet-csv' && err.field === 'header')) return null;
  const table = readSheetTable(text, SAMPLE_ROWS);
  if (!table) return null;
  return { needsMapping: true, headers: table.headers, guess: guessMapping(table.headers), sample: table.sample, refusal: refused(err).message };
}

/** The spreadsheet columns of a parsed sheet: the fields used (`columns`, else recognised by header). */
function sheetColumns(text: string, columns: SheetMapping | undefined): SheetColumns | null {
  const table = readSheetTable(text, SAMPLE_ROWS);
  return table && { headers: table.headers, guess: columns ?? guessMapping(table.headers), sample: table.sample };
}

/**
 * What `body` (the bytes of `fileName`: any format `npm run import` reads, or an `.xlsx`) would
 * import into event `eventId`, written nowhere; `columns` reads it as a spreadsheet with those
 * columns. A spreadsheet whose columns cannot be recognised answers a `SheetMappingRequest`.
 * @throws AppError `invalid_results_file` (422, the importer's line and field), `unauthenticated`, `not_found`.
 */
export async function previewResults(viewer: Viewer, eventId: number, fileName: string, body: Uint8Array, columns?: SheetMapping): Promise<ResultsPreview | SheetMappingRequest> {
  await ownedEvent(viewer, eventId);
  try {
    const text = await resultsFileText(fileName, body);
    let imported;
    try {
      imported = rankImportedEvent(parseResultsFile(fileName, text, { columns }));
    } catch (err) {
      const request = !columns && err instanceof ImportError ? mappingRequest(fileName, text, err) : null;
      if (request) return request;
      throw err;
    }
    const xlsx = isXlsx(fileName, body);
    return {
      format: xlsx && imported.source === 'sheet-csv' ? 'sheet-xlsx' : imported.source,
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
      sheet: imported.source === 'sheet-csv' ? sheetColumns(text, columns) : null,
    };
  } catch (err) {
    if (err instanceof ImportError) throw refused(err);
    throw err;
  }
}

/**
 * Imports `body` (the bytes of `fileName`, as `previewResults` reads them; `columns` as there)
 * into event `eventId` (all or nothing; `replace` swaps an earlier import of the same file), then
 * revalidates the event, its races, the lists and its series everywhere. The same steps as
 * `importResultsFile` (lib/server/import), with the desk's columns; the file is "the same" by the
 * hash of its text (an `.xlsx`: of its first sheet's CSV).
 * @returns the new races' ids and the number of entries.
 * @throws AppError `invalid_results_file` (422), `already_imported` (409: the same file went
 *   to this or another event; `replace` to swap it in this one), `unauthenticated`, `not_found`.
 */
export async function importResults(
  viewer: Viewer,
  eventId: number,
  fileName: string,
  body: Uint8Array,
  opts: { replace: boolean; columns?: SheetMapping },
): Promise<{ raceIds: number[]; entries: number; replaced: boolean }> {
  const { promoterUserId } = await ownedEvent(viewer, eventId);
  try {
    const text = await resultsFileText(fileName, body);
    const imported = rankImportedEvent(parseResultsFile(fileName, text, { columns: opts.columns }));
    const summary = await writeImportedEvent(getDb(), imported, { sourceFile: fileName, contentHash: contentHash(text), promoterUserId, eventId, replace: opts.replace });
    await revalidateImport(getDb(), summary);
    return { raceIds: summary.raceIds, entries: summary.entries, replaced: summary.replaced };
  } catch (err) {
    if (err instanceof ImportError) throw refused(err);
    if (err instanceof AlreadyImportedError) throw new AppError('already_imported', err.message);
    throw err;
  }
}
