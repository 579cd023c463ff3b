/**
 * Client calls of the promoter's desk (issue 24): create an event (POST /ll/api/v1/desk/events)
 * or save one (PUT /ll/api/v1/desk/events/{id}), and the TanStack mutation the event form uses;
 * preview or import a results file (POST /ll/api/v1/desk/events/{id}/results, its bytes as the
 * body, a spreadsheet's columns in `mapping`).
 * Failures become `DeskSaveError`: the API's code (`not_found`, `unauthenticated`, a field code),
 * the field `issues` of a 400; `network_error` when no reply.
 */
import { useMutation } from '@tanstack/react-query';
import { BASE_PATH } from '@/lib/config';
import type { DeskEventInput, DeskRaceInput, SheetField, SheetMapping } from '@/lib/contracts/desk';
import type { FieldIssue } from '@/lib/contracts/field-issues';
import { api, ApiClientError, ApiHttpError, callFailure } from './client';

/** A refused or failed desk call. */
export class DeskSaveError extends ApiClientError {
  constructor(
    code: 'network_error' | 'request_error',
    message: string,
    statusCode: number | null,
    apiCode: string | null,
    /** Field issues of a 400 (`[{ path: ['name'], code: 'null_name' }]`, under `event` for a new one). */
    readonly issues: FieldIssue[] = [],
  ) {
    super(code, message, statusCode, apiCode);
    this.name = 'DeskSaveError';
  }
}

/** A failed desk call as a `DeskSaveError`; a new event's field issues (under `event`) on the form's own paths. */
export function toDeskError(err: unknown): DeskSaveError {
  const f = callFailure(err);
  const issues = (f.issues as FieldIssue[]).map((i) => (i.path[0] === 'event' ? { ...i, path: i.path.slice(1) } : i));
  return new DeskSaveError(f.code, f.message, f.statusCode, f.apiCode, issues);
}

/** What the form saves: a new event of `promoterId`, or event `id`. */
export type DeskSave = { id: number; event: DeskEventInput } | { id: null; promoterId: number; event: DeskEventInput };

/**
 * Creates or saves the event; resolves to its id.
 * @throws DeskSaveError (400 with `issues`, 401, 404, 415, or no reply).
 */
export async function saveDeskEvent(save: DeskSave): Promise<number> {
  try {
    if (save.id === null) {
      const { data } = await api.post<{ id: number }>('/desk/events', { promoterId: save.promoterId, event: save.event }, { headers: { 'Content-Type': 'application/json' } });
      return data.id;
    }
    await api.put('/desk/events/' + save.id, save.event, { headers: { 'Content-Type': 'application/json' } });
    return save.id;
  } catch (err) {
    throw toDeskError(err);
  }
}

/** The event form's mutation (no retry: a save is the promoter's to repeat). */
export function useSaveDeskEvent() {
  return useMutation<number, DeskSaveError, DeskSave>({ mutationFn: saveDeskEvent, retry: false });
}

/**
 * Renames race `id` or shows or hides it (PUT /ll/api/v1/desk/races/{id}).
 * @throws DeskSaveError (400 with `issues`, 401, 404, or no reply).
 */
export async function saveDeskRace(save: { id: number; race: DeskRaceInput }): Promise<DeskRaceInput> {
  try {
    const { data } = await api.put<DeskRaceInput>('/desk/races/' + save.id, save.race, { headers: { 'Content-Type': 'application/json' } });
    return data;
  } catch (err) {
    throw toDeskError(err);
  }
}

/** A race row's mutation (no retry). */
export function useSaveDeskRace() {
  return useMutation<DeskRaceInput, DeskSaveError, { id: number; race: DeskRaceInput }>({ mutationFn: saveDeskRace, retry: false });
}

/** A spreadsheet's columns: its header row, the field of each column (null: not used), its first rows. */
export interface DeskSheetColumns {
  headers: string[];
  guess: (SheetField | null)[];
  sample: string[][];
}

/** What the desk's upload answers for a preview (lib/server/desk/upload-results.ts `ResultsPreview`). */
export interface DeskResultsPreview {
  needsMapping?: undefined;
  format: string;
  races: { name: string; kind: 'sprint' | 'enduro'; entries: number; teams: number; classes: string[]; rows: { position: number | null; number: string; name: string; className: string | null; laps: number | null; result: string; state: string }[] }[];
  skipped: { line: number; field: string; detail: string }[];
  /** A spreadsheet's columns as read (for "Change columns"); null for other formats. */
  sheet: DeskSheetColumns | null;
}

/** The preview's answer for a spreadsheet whose columns must be chosen (`SheetMappingRequest`): its columns, and why the importer could not read it unaided. */
export interface DeskSheetMappingRequest extends DeskSheetColumns {
  needsMapping: true;
  refusal: string;
}

/** A results file chosen on the desk: its name and its bytes, sent as they are (the server reads an .xlsx as a workbook, anything else as UTF-8 text, a BOM kept). */
export interface DeskResultsFile {
  name: string;
  bytes: ArrayBuffer;
}

/** Reads a chosen file's bytes (the server hashes the file as `npm run import` reads it). */
export async function readResultsFile(file: File): Promise<DeskResultsFile> {
  return { name: file.name, bytes: await file.arrayBuffer() };
}

const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * POSTs the file's bytes as they are (`application/octet-stream`; `api.post` sends only text or
 * JSON), failing as `api` does (`ApiHttpError`, then `DeskSaveError`).
 */
async function upload<T>(eventId: number, file: DeskResultsFile, query: string, mapping: SheetMapping | undefined): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), UPLOAD_TIMEOUT_MS);
  try {
    const columns = mapping ? `&mapping=${encodeURIComponent(JSON.stringify(mapping))}` : '';
    let reply: Response;
    let text: string;
    try {
      reply = await fetch(`${BASE_PATH}/api/v1/desk/events/${eventId}/results?file=${encodeURIComponent(file.name)}&${query}${columns}`, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/octet-stream' },
        body: file.bytes,
        signal: controller.signal,
        credentials: 'same-origin',
      });
      text = await reply.text();
    } catch (err) {
      throw new ApiHttpError(controller.signal.aborted ? `timeout of ${UPLOAD_TIMEOUT_MS}ms exceeded` : err instanceof Error ? err.message : 'Network Error');
    }
    let data: unknown = text;
    try {
      data = text ? JSON.parse(text) : '';
    } catch {
      // not JSON (a proxy's page): the text
    }
    if (!reply.ok) throw new ApiHttpError(`Request failed with status code ${reply.status}`, { status: reply.status, data, headers: reply.headers });
    return data as T;
  } catch (err) {
    throw toDeskError(err);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What `file` would import into event `eventId` (nothing written), read with `mapping` (a
 * spreadsheet's columns) when given; a spreadsheet whose columns must be chosen answers a
 * `DeskSheetMappingRequest`. @throws DeskSaveError (`invalid_results_file` with the server's line
 * and field in `message`; a 400 `…mapping…` code for a refused mapping).
 */
export function previewDeskResults(eventId: number, file: DeskResultsFile, mapping?: SheetMapping): Promise<DeskResultsPreview | DeskSheetMappingRequest> {
  return upload(eventId, file, 'mode=preview', mapping);
}

/** Imports `file` into event `eventId` (`replace`: swap an earlier import of it; `mapping` as for the preview). @throws DeskSaveError (`already_imported`, `invalid_results_file` …). */
export function importDeskResults(eventId: number, file: DeskResultsFile, replace: boolean, mapping?: SheetMapping): Promise<{ raceIds: number[]; entries: number; replaced: boolean }> {
  return upload(eventId, file, `mode=import${replace ? '&replace=true' : ''}`, mapping);
}
