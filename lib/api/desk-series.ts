/**
 * Client calls of the desk's series (issue 24): save (POST /ll/api/v1/desk/series, PUT
 * /desk/series/{id}) and the standings preview (POST /desk/series[/{id}]/preview), with their
 * TanStack mutations. Failures are `DeskSaveError` (./desk.ts): the API's code, the field issues
 * of a 400 (a new series' under `series`, moved to the form's own paths).
 */
import { useMutation } from '@tanstack/react-query';
import type { DeskSeriesInput, SeriesPreview } from '@/lib/contracts/desk-series';
import { api } from './client';
import { toDeskError, type DeskSaveError } from './desk';

/** What the series form saves or previews: series `id`, or a new one of `promoterId`. */
export type DeskSeriesCall = { id: number; series: DeskSeriesInput } | { id: null; promoterId: number; series: DeskSeriesInput };

const JSON_HEADERS = { headers: { 'Content-Type': 'application/json' } };

/** A new series' issues sit under `series`: on the form's own paths. */
function unwrap(err: unknown): DeskSaveError {
  const failure = toDeskError(err);
  failure.issues.forEach((issue) => issue.path[0] === 'series' && issue.path.shift());
  return failure;
}

/**
 * Creates or saves the series; resolves to its id.
 * @throws DeskSaveError (400 with `issues`, 401, 404, 415, or no reply).
 */
export async function saveDeskSeries(call: DeskSeriesCall): Promise<number> {
  try {
    if (call.id === null) return (await api.post<{ id: number }>('/desk/series', { promoterId: call.promoterId, series: call.series }, JSON_HEADERS)).data.id;
    await api.put('/desk/series/' + call.id, call.series, JSON_HEADERS);
    return call.id;
  } catch (err) {
    throw unwrap(err);
  }
}

/**
 * The standings the series would have (`SeriesPreview`), written nowhere.
 * @throws DeskSaveError (400 with `issues`, 401, 404, or no reply).
 */
export async function previewDeskSeries(call: DeskSeriesCall): Promise<SeriesPreview> {
  try {
    const { data } = call.id === null ? await api.post<SeriesPreview>('/desk/series/preview', { promoterId: call.promoterId, series: call.series }, JSON_HEADERS) : await api.post<SeriesPreview>(`/desk/series/${call.id}/preview`, call.series, JSON_HEADERS);
    return data;
  } catch (err) {
    throw unwrap(err);
  }
}

/** The series form's save (no retry: a save is the promoter's to repeat). */
export function useSaveDeskSeries() {
  return useMutation<number, DeskSaveError, DeskSeriesCall>({ mutationFn: saveDeskSeries, retry: false });
}

/** The live preview (no retry: the next change asks again). */
export function usePreviewDeskSeries() {
  return useMutation<SeriesPreview, DeskSaveError, DeskSeriesCall>({ mutationFn: previewDeskSeries, retry: false });
}
