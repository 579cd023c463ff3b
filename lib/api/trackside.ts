/**
 * Client call of the trackside search (spec §7 POST user/searchUsers: name or location, orgId;
 * 5 s timeout; §4 Participant search; §8 Trackside) and the TanStack query the search form
 * uses. The reply is checked against the contract (`tracksideSearchReply`, imported when the
 * first reply comes: the module is zod-free until then, issue 23). Failures are `ApiClientError`s
 * (lib/api/client.ts `toClientError`): network_error when no reply came (offline, or nothing
 * within 5 s), request_error otherwise, with the server's message and code when it sent them;
 * `searchFailure` says which text to show.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TracksideSearchReply, TracksideSearchRequest } from '@/lib/contracts/trackside';
import { SEARCH_TIMEOUT_MS, emptySearchReply, tracksidePaths } from '@/lib/contracts/trackside-rules';
import { api, ApiClientError, errorKey, toClientError } from './client';

/**
 * What a failed search says after 'Failed to fetch participants' (spec §8 Trackside: "Search
 * errors: network_error when no response, request_error otherwise, the server message when
 * present; fallback texts are translation keys"):
 *  - `{ apiKey }`: the API's error code when the messages translate it (`apiErrors.<code>`);
 *  - `{ message }`: the API's own `message` (a reply of the API: it names its error code);
 *  - `{ key }`: `network_error` (no reply) or `request_error` (anything else: a proxy's 502 or
 *    504, a reply that is not the API's) — never the client library's English ("Request failed
 *    with status code 504").
 * `known(code)`: whether `apiErrors.<code>` exists.
 */
export function searchFailure(err: unknown, known: (code: string) => boolean): { apiKey: string } | { message: string } | { key: 'network_error' | 'request_error' } {
  const key = errorKey(err, known);
  if (err instanceof ApiClientError) {
    if (err.apiCode !== null && key === err.apiCode) return { apiKey: key };
    if (err.code === 'request_error' && err.apiCode !== null && err.message) return { message: err.message };
  }
  return { key: key === 'network_error' ? 'network_error' : 'request_error' };
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
    // The reply's schema is fetched when a reply comes (issue 23: no zod in the page's first load).
    const { tracksideSearchReply } = await import('@/lib/contracts/trackside');
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
