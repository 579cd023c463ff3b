/**
 * Client calls of the desk's riders (issue 24 "Riders: merge and split rider records … with the
 * standings effect shown before confirming"): the riders of a series found by name or number
 * (GET /ll/api/v1/desk/series/{id}/riders?q=), the standings effect of a merge or split (POST
 * …/riders/preview, written nowhere) and the change itself (POST …/riders/merge, …/riders/split),
 * with their TanStack query and mutations. Failures are `DeskSaveError` (./desk.ts): the API's
 * code (`not_found`, `unauthenticated`, `invalid_participant_ids`), `network_error` when no reply.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeskRiders, RidersChange, RidersPreview, RidersResult } from '@/lib/contracts/desk-riders';
import { api } from './client';
import { toDeskError, type DeskSaveError } from './desk';

/** What the riders page asks: series `seriesId`, and a change of its riders. */
export type DeskRidersCall = { seriesId: number; change: RidersChange };

const JSON_HEADERS = { headers: { 'Content-Type': 'application/json' } };
const ridersKey = (seriesId: number, q: string) => ['desk-riders', seriesId, q] as const;

/**
 * The riders of series `seriesId` matching `q` (name or race number; '' for all).
 * @throws DeskSaveError (401, 404, or no reply).
 */
export async function getDeskRiders(seriesId: number, q: string, signal?: AbortSignal): Promise<DeskRiders> {
  try {
    return (await api.get<DeskRiders>(`/desk/series/${seriesId}/riders${q ? `?q=${encodeURIComponent(q)}` : ''}`, { signal })).data;
  } catch (err) {
    throw toDeskError(err);
  }
}

/**
 * The class standings rows `call.change` would move (`RidersPreview`), written nowhere.
 * @throws DeskSaveError (400 with `issues`, 401, 404, 422, or no reply).
 */
export async function previewDeskRiders(call: DeskRidersCall): Promise<RidersPreview> {
  try {
    return (await api.post<RidersPreview>(`/desk/series/${call.seriesId}/riders/preview`, call.change, JSON_HEADERS)).data;
  } catch (err) {
    throw toDeskError(err);
  }
}

/**
 * Merges or splits (`call.change.action`); resolves to what was written.
 * @throws DeskSaveError (400 with `issues`, 401, 404, or no reply).
 */
export async function applyDeskRiders(call: DeskRidersCall): Promise<RidersResult> {
  try {
    return (await api.post<RidersResult>(`/desk/series/${call.seriesId}/riders/${call.change.action}`, { participantIds: call.change.participantIds }, JSON_HEADERS)).data;
  } catch (err) {
    throw toDeskError(err);
  }
}

/** The riders list; `initial` is the server's answer for `initialQuery` (no first fetch for it). */
export function useDeskRiders(seriesId: number, q: string, initial: { query: string; riders: DeskRiders }) {
  return useQuery<DeskRiders, DeskSaveError>({
    queryKey: ridersKey(seriesId, q),
    queryFn: ({ signal }) => getDeskRiders(seriesId, q, signal),
    initialData: q === initial.query ? initial.riders : undefined,
    // The server's answer is fresh: no second fetch on hydration (a merge or split refetches).
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The standings preview (no retry: the promoter asks again). */
export function usePreviewDeskRiders() {
  return useMutation<RidersPreview, DeskSaveError, DeskRidersCall>({ mutationFn: previewDeskRiders, retry: false });
}

/** The merge or split; the riders lists of the series are fetched again after it. */
export function useApplyDeskRiders() {
  const client = useQueryClient();
  return useMutation<RidersResult, DeskSaveError, DeskRidersCall>({
    mutationFn: applyDeskRiders,
    retry: false,
    onSuccess: (_result, call) => client.invalidateQueries({ queryKey: ['desk-riders', call.seriesId] }),
  });
}
