/**
 * Typed client for live timing (spec §1 live laps, §2 /liveonlivelaps; lib/server/api/routes/live.ts):
 * the sessions running now, a live race's board, and the URL and event parsing of its
 * Server-Sent Events stream (the browser's EventSource reconnects by itself, sending
 * Last-Event-ID). Replies are checked against lib/contracts/live.ts.
 */
import { BASE_PATH } from '@/lib/config';
import { liveBoard, livePaths, liveSession, type LiveBoard, type LiveSession } from '@/lib/contracts/live';
import { api, ApiClientError } from './client';
import { isAxiosError } from 'axios';

const API = `${BASE_PATH}/api/v1`;

async function getJson(path: string): Promise<unknown> {
  try {
    return (await api.get<unknown>(path)).data;
  } catch (err) {
    if (isAxiosError(err)) {
      if (!err.response) throw new ApiClientError('network_error', err.message, null);
      const data = err.response.data as { message?: unknown; error?: unknown } | undefined;
      throw new ApiClientError('request_error', typeof data?.message === 'string' ? data.message : err.message, err.response.status, typeof data?.error === 'string' ? data.error : null);
    }
    throw err;
  }
}

/** GET livelaps/live/sessions: the sessions running now, newest change first. */
export async function fetchLiveSessions(): Promise<LiveSession[]> {
  const body = (await getJson(livePaths.sessions)) as { data?: unknown };
  return liveSession.array().parse(body.data);
}

/** GET livelaps/live/race/{id}: the board of a live (or just finished) race. */
export async function fetchLiveBoard(raceId: number): Promise<LiveBoard> {
  return liveBoard.parse(await getJson(livePaths.board(raceId)));
}

/** The URL of a race's event stream, for `new EventSource(url)`. */
export function liveStreamUrl(raceId: number): string {
  return `${API}${livePaths.stream(raceId)}`;
}

/** The board a `standings` event carries, or null when its data is not a board. */
export function parseStandings(data: string): LiveBoard | null {
  try {
    const parsed = liveBoard.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
