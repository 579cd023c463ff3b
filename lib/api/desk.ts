/**
 * Client calls of the promoter's desk (issue 24): create an event (POST /ll/api/v1/desk/events)
 * or save one (PUT /ll/api/v1/desk/events/{id}), and the TanStack mutation the event form uses.
 * Failures become `DeskSaveError`: the API's code (`not_found`, `unauthenticated`, a field code),
 * the field `issues` of a 400; `network_error` when no reply.
 */
import { useMutation } from '@tanstack/react-query';
import type { DeskEventInput, DeskRaceInput } from '@/lib/contracts/desk';
import type { FieldIssue } from '@/lib/contracts/field-issues';
import { api, ApiClientError, callFailure } from './client';

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
function toDeskError(err: unknown): DeskSaveError {
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

/** What the desk's upload answers for a preview (lib/server/desk/upload-results.ts `ResultsPreview`). */
export interface DeskResultsPreview {
  format: string;
  races: { name: string; kind: 'sprint' | 'enduro'; entries: number; teams: number; classes: string[]; rows: { position: number | null; number: string; name: string; className: string | null; laps: number | null; result: string; state: string }[] }[];
  skipped: { line: number; field: string; detail: string }[];
}

/** A results file chosen on the desk: its name and its text (a BOM kept, as the file has it). */
export interface DeskResultsFile {
  name: string;
  text: string;
}

/** Reads a chosen file as UTF-8 text, keeping a BOM (the server hashes the file as `npm run import` reads it). */
export async function readResultsFile(file: File): Promise<DeskResultsFile> {
  return { name: file.name, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await file.arrayBuffer()) };
}

const UPLOAD_TIMEOUT_MS = 120_000;

async function upload<T>(eventId: number, file: DeskResultsFile, query: string): Promise<T> {
  try {
    const { data } = await api.post<T>(`/desk/events/${eventId}/results?file=${encodeURIComponent(file.name)}&${query}`, file.text, {
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      timeout: UPLOAD_TIMEOUT_MS,
    });
    return data;
  } catch (err) {
    throw toDeskError(err);
  }
}

/** What `file` would import into event `eventId` (nothing written). @throws DeskSaveError (`invalid_results_file` with the server's line and field in `message`). */
export function previewDeskResults(eventId: number, file: DeskResultsFile): Promise<DeskResultsPreview> {
  return upload(eventId, file, 'mode=preview');
}

/** Imports `file` into event `eventId` (`replace`: swap an earlier import of it). @throws DeskSaveError (`already_imported`, `invalid_results_file` …). */
export function importDeskResults(eventId: number, file: DeskResultsFile, replace: boolean): Promise<{ raceIds: number[]; entries: number; replaced: boolean }> {
  return upload(eventId, file, `mode=import${replace ? '&replace=true' : ''}`);
}
