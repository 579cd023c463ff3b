/**
 * Client side of live timing (spec §1 live laps, §2 the live race page;
 * lib/server/api/routes/live.ts): the URL of a race's Server-Sent Events stream and the parsing
 * of its events. The server writes them from data checked against lib/contracts/live.ts, so the
 * browser checks only the shape it relies on (issue 23: replies are validated on the server,
 * not again in the page; zod was 30 KiB of every race page's first load). The browser's EventSource reconnects by
 * itself, sending Last-Event-ID. (The sessions and the board themselves reach the pages through
 * the server render, so no JSON call is needed here.)
 */
import { BASE_PATH } from '@/lib/config';
import type { LiveBoard, LiveClock } from '@/lib/contracts/live';
import { livePaths } from '@/lib/contracts/live-paths';

const API = `${BASE_PATH}/api/v1`;

/** The URL of a race's event stream, for `new EventSource(url)`; `lastEventId`: the seq the page already shows. */
export function liveStreamUrl(raceId: number, lastEventId?: number): string {
  const url = `${API}${livePaths.stream(raceId)}`;
  return lastEventId === undefined ? url : `${url}?lastEventId=${lastEventId}`;
}

type Fields = Record<string, unknown>;

/** `data` as JSON when it is an object with a numeric `raceId` and `seq`, else null. */
function parseEvent(data: string): Fields | null {
  try {
    const value: unknown = JSON.parse(data);
    if (typeof value !== 'object' || value === null) return null;
    const fields = value as Fields;
    return Number.isInteger(fields.raceId) && Number.isInteger(fields.seq) ? fields : null;
  } catch {
    return null;
  }
}

/** The board a `standings` event carries, or null when its data is not a board (no rows list or no state). */
export function parseStandings(data: string): LiveBoard | null {
  const fields = parseEvent(data);
  return fields && Array.isArray(fields.rows) && typeof fields.state === 'string' ? (fields as unknown as LiveBoard) : null;
}

/** The clock a `clock` event carries (raceId, seq, clock), or null when its data is not one. */
export function parseClock(data: string): LiveClock | null {
  const fields = parseEvent(data);
  return fields && 'clock' in fields && (fields.clock === null || typeof fields.clock === 'object') ? (fields as unknown as LiveClock) : null;
}
