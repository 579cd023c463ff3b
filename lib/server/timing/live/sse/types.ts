/**
 * The live hub's public types (see ./index.ts): a serialized frame, what a viewer's stream
 * receives, the hub and its options.
 */
import type { LiveBoard } from '../../../../contracts/live';

/** One serialized piece of the stream: written as is to every viewer (encoded once). */
export interface SseFrame {
  text: string;
  bytes: Uint8Array;
}

/** Writes a frame to one viewer's stream. */
export type SseSend = (frame: SseFrame) => void;

export interface SubscribeOptions {
  /** The `Last-Event-ID` request header of a reconnecting browser. */
  lastEventId?: string | null;
  /** Called once the hub is done with this viewer (after `end`): the route then closes the stream. */
  onEnd?: () => void;
}

export interface LiveHub {
  /**
   * Adds a viewer of race `raceId`: sends `retry` at once, then the current board (or `end` when
   * the session is over), then every change. Returns the function removing the viewer (call it
   * when the connection closes).
   */
  subscribe(raceId: number, send: SseSend, options?: SubscribeOptions): () => void;
  /** Viewers connected to `raceId`, or to every race. */
  viewerCount(raceId?: number): number;
  /** Stops listening to the bus and ends every viewer. */
  close(): void;
}

export interface LiveHubOptions {
  /** Reads a race's board (default `getLiveBoard`); null: unknown, hidden or never live. */
  read?: (raceId: number) => Promise<LiveBoard | null>;
  heartbeatMs?: number;
  /** See SSE_CLOCK_INTERVAL_MS; 0 sends every change at once. */
  clockIntervalMs?: number;
  /** See SSE_READ_TIMEOUT_MS. */
  readTimeoutMs?: number;
  /** Clock for the staleness of a live board (tests); default Date.now. */
  now?: () => number;
}
