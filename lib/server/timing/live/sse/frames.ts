/**
 * The stream's frames (the header of ./index.ts, "The stream"): `retry`, `standings`, `clock`,
 * `end` and the `: ping` comment, each serialized and encoded once however many viewers get it.
 */
import type { LiveBoard, LiveClock } from '../../../../contracts/live';
import type { Snapshot } from './state';
import type { SseFrame } from './types';

/** The browser's reconnection delay sent on connect (ms). */
export const SSE_RETRY_MS = 2000;

const encoder = new TextEncoder();

/** `text` with its bytes. */
export const frame = (text: string): SseFrame => ({ text, bytes: encoder.encode(text) });

/** `id: <seq>\nevent: standings\ndata: <json>\n\n` (the JSON has no newline). */
export function standingsFrame(board: LiveBoard): string {
  return `id: ${board.seq}\nevent: standings\ndata: ${JSON.stringify(board)}\n\n`;
}

/** `id: <seq>\nevent: clock\ndata: {"raceId":…,"seq":…,"clock":…}\n\n` (contract `LiveClock`). */
export function clockFrame(board: Pick<LiveBoard, 'raceId' | 'seq' | 'clock'>): string {
  const data: LiveClock = { raceId: board.raceId, seq: board.seq, clock: board.clock };
  return `id: ${board.seq}\nevent: clock\ndata: ${JSON.stringify(data)}\n\n`;
}

/** `id: <seq>\nevent: end\ndata: {"raceId":…}\n\n`. */
export function endFrame(raceId: number, seq: number | null): string {
  return `${seq === null ? '' : `id: ${seq}\n`}event: end\ndata: ${JSON.stringify({ raceId })}\n\n`;
}

/** Sent on connect: the browser reconnects after `SSE_RETRY_MS`. */
export const RETRY = frame(`retry: ${SSE_RETRY_MS}\n\n`);
/** The keep-alive comment (./heartbeat.ts). */
export const PING = frame(': ping\n\n');

/** A snapshot's `standings` frame, serialized on first use. */
export const fullFrame = (snapshot: Snapshot): SseFrame => (snapshot.full ??= frame(standingsFrame(snapshot.board)));
/** A snapshot's `clock` frame, serialized on first use. */
export const clockOnlyFrame = (snapshot: Snapshot): SseFrame => (snapshot.clock ??= frame(clockFrame(snapshot.board)));
