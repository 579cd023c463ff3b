/**
 * Client calls of the live feed on the desk (issue 24 "Live feed: host and port per event, start,
 * stop, status"): the status (GET /ll/api/v1/desk/events/{id}/live) as a TanStack query polled
 * every `LIVE_POLL_MS` while asked to, the address saved (PUT …/live), start and stop (POST
 * …/live/start, …/live/stop) as mutations that put the status they answer into the query.
 * Failures are `DeskSaveError` (./desk.ts): the API's code (`null_host`, `not_found`,
 * `unauthenticated` …), the field issues of a 400; `network_error` when no reply.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeskLiveInput, DeskLiveStatus } from '@/lib/contracts/desk-live';
import { api } from './client';
import { toDeskError, type DeskSaveError } from './desk';

/** How often the panel asks for the status while it is shown and the feed is not stopped (ms). */
export const LIVE_POLL_MS = 5000;

const path = (eventId: number) => `/desk/events/${eventId}/live`;
const key = (eventId: number) => ['desk', 'live', eventId] as const;

/** Runs `call`, its failure as a `DeskSaveError`. */
async function deskCall(call: () => Promise<{ data: DeskLiveStatus }>): Promise<DeskLiveStatus> {
  try {
    return (await call()).data;
  } catch (err) {
    throw toDeskError(err);
  }
}

/** The status of event `eventId`'s feed. @throws DeskSaveError */
export const getDeskLive = (eventId: number) => deskCall(() => api.get<DeskLiveStatus>(path(eventId)));

/** Saves the timing system's address; resolves to the status. @throws DeskSaveError (400 with `issues`, 401, 404, or no reply) */
export const saveDeskLive = (eventId: number, input: DeskLiveInput) => deskCall(() => api.put<DeskLiveStatus>(path(eventId), input));

/** Starts the feed on the saved address; resolves to the status (`busy` when another process feeds the event). @throws DeskSaveError (400 `null_host`, 401, 404, or no reply) */
export const startDeskLive = (eventId: number) => deskCall(() => api.post<DeskLiveStatus>(`${path(eventId)}/start`));

/** Stops the feed; resolves to the status. @throws DeskSaveError */
export const stopDeskLive = (eventId: number) => deskCall(() => api.post<DeskLiveStatus>(`${path(eventId)}/stop`));

/**
 * The status query, starting from the status the page rendered (`initial`); asked again every
 * `LIVE_POLL_MS` while `onScreen` (the panel is shown), the tab is visible and the feed is not
 * stopped. No loading overlay: the panel shows the status itself.
 */
export function useDeskLiveStatus(eventId: number, initial: DeskLiveStatus, onScreen: boolean) {
  return useQuery<DeskLiveStatus, DeskSaveError>({
    queryKey: key(eventId),
    queryFn: () => getDeskLive(eventId),
    initialData: initial,
    staleTime: 0,
    retry: false,
    refetchInterval: (query) => (onScreen && query.state.data?.state !== 'stopped' ? LIVE_POLL_MS : false),
    meta: { overlay: false },
  });
}

/** What the panel does: save the address, start or stop. */
export type DeskLiveAction = { kind: 'save'; input: DeskLiveInput } | { kind: 'start' } | { kind: 'stop' };

/** The panel's calls (no retry: the promoter repeats them); the status each answers replaces the query's. */
export function useDeskLiveAction(eventId: number) {
  const client = useQueryClient();
  return useMutation<DeskLiveStatus, DeskSaveError, DeskLiveAction>({
    mutationFn: (action) => (action.kind === 'save' ? saveDeskLive(eventId, action.input) : action.kind === 'start' ? startDeskLive(eventId) : stopDeskLive(eventId)),
    retry: false,
    onSuccess: (status) => client.setQueryData(key(eventId), status),
  });
}
