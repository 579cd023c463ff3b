/**
 * Client call of the trackside search (spec §7 POST user/searchUsers: name or location, orgId;
 * 5 s timeout; §4 Participant search; §8 Trackside) and the TanStack query the search form
 * uses. The reply is checked against the contract. Failures are `ApiClientError`s:
 * network_error when no reply came (offline, or nothing within 5 s), request_error otherwise,
 * with the server's message and code when it sent them.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import {
  SEARCH_TIMEOUT_MS,
  emptySearchReply,
  tracksidePaths,
  tracksideSearchReply,
  type TracksideSearchReply,
  type TracksideSearchRequest,
} from '@/lib/contracts/trackside';
import { api, ApiClientError } from './client';

function toClientError(err: unknown): ApiClientError {
  if (isAxiosError(err)) {
    if (!err.response) return new ApiClientError('network_error', err.message, null);
    const data = err.response.data as { message?: unknown; error?: unknown } | undefined;
    return new ApiClientError(
      'request_error',
      typeof data?.message === 'string' ? data.message : err.message,
      err.response.status,
      typeof data?.error === 'string' ? data.error : null,
    );
  }
  return new ApiClientError('request_error', err instanceof Error ? err.message : String(err), null);
}

/**
 * POST livelaps/user/searchUsers: the racers found and the paging state.
 * @throws ApiClientError network_error (no reply within 5 s) or request_error (the server's message and code).
 */
export async function searchTrackside(request: TracksideSearchRequest, signal?: AbortSignal): Promise<TracksideSearchReply> {
  try {
    const { data } = await api.post<{ message: unknown }>(tracksidePaths.search, request, {
      timeout: SEARCH_TIMEOUT_MS,
      signal,
      headers: { 'Content-Type': 'application/json' },
    });
    return tracksideSearchReply.parse(data.message);
  } catch (err) {
    throw toClientError(err);
  }
}

/**
 * The search query for `request` (null: nothing to search, no call, an empty list; spec §5).
 * `initial`: the reply the server rendered for the same request. No retry: a failure shows
 * at once ('Failed to fetch participants'), and the list is emptied (spec §4).
 */
export function useTracksideSearch(request: TracksideSearchRequest | null, initial?: { request: TracksideSearchRequest; reply: TracksideSearchReply } | null) {
  const same = !!initial && !!request && JSON.stringify(initial.request) === JSON.stringify(request);
  return useQuery<TracksideSearchReply, ApiClientError>({
    queryKey: ['trackside-search', request],
    queryFn: ({ signal }) => (request ? searchTrackside(request, signal) : Promise.resolve(emptySearchReply())),
    enabled: request !== null,
    initialData: same ? initial!.reply : undefined,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 30_000,
    meta: { overlay: false },
  });
}
