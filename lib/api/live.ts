/**
 * Client side of live timing (spec §1 live laps, §2 the live race page;
 * lib/server/api/routes/live.ts): the URL of a race's Server-Sent Events stream and the parsing
 * of its events, checked against lib/contracts/live.ts. The browser's EventSource reconnects by
 * itself, sending Last-Event-ID. (The sessions and the board themselves reach the pages through
 * the server render, so no JSON call is needed here.)
 */
import { BASE_PATH } from '@/lib/config';
import { liveBoard, liveClock, livePaths, type LiveBoard, type LiveClock } from '@/lib/contracts/live';

const API = `${BASE_PATH}/api/v1`;

/** The URL of a race's event stream, for `new EventSource(url)`; `lastEventId`: the seq the page already shows. */
export function liveStreamUrl(raceId: number, lastEventId?: number): string {
  const url = `${API}${livePaths.stream(raceId)}`;
  return lastEventId === undefined ? url : `${url}?lastEventId=${lastEventId}`;
}

function parse<T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, data: string): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The board a `standings` event carries, or null when its data is not a board. */
export function parseStandings(data: string): LiveBoard | null {
  return parse(liveBoard, data);
}

/** The clock a `clock` event carries (raceId, seq, clock), or null when its data is not one. */
export function parseClock(data: string): LiveClock | null {
  return parse(liveClock, data);
}
