/**
 * The live board's connection to its race's Server-Sent Events (spec §1 live laps, §2 the live
 * race page; lib/server/timing/live/sse.ts for the stream). Plain code around an EventSource, so
 * the client leaf (components/live/LiveBoard.tsx) stays a view and this can be tested without a
 * browser:
 *  - opens livelaps/live/race/{id}/stream?lastEventId=<the seq the page shows>: the server sends
 *    the board only when it changed since; the browser reconnects by itself after a drop, with
 *    the Last-Event-ID header;
 *  - passes on `standings`, `clock` and `end` events; after `end` it stays closed;
 *  - a stream the server refused (an error reply: the race ended or was hidden, the site is
 *    restarting) is reported, then opened again after `reopenMs`;
 *  - while the page is hidden (a background tab, a locked phone) the stream is closed: nobody
 *    looks, and at a track with poor coverage every byte counts; shown again, it is opened with
 *    the seq the page shows then.
 */
import { liveStreamUrl } from '@/lib/api/live';

/** `EventSource.CLOSED` (not defined outside browsers). */
const CLOSED = 2;

/** The part of an EventSource used here. */
export interface SourceLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

/** The part of `document` used here. */
export interface PageLike {
  readonly visibilityState: DocumentVisibilityState;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

export type StreamStatus = 'connecting' | 'live' | 'reconnecting';

export interface LiveStreamCallbacks {
  /** The seq the page shows now: sent when the stream is opened (again). */
  seq(): number;
  /** A `standings` event's data (a LiveBoard as JSON). */
  standings(data: string): void;
  /** A `clock` event's data (a LiveClock as JSON). */
  clock(data: string): void;
  /** The session ended (`end`): the stream is closed for good. */
  end(): void;
  status(status: StreamStatus): void;
  /** The stream was lost while it was live (the browser reconnects by itself). */
  lost(): void;
  /** The server refused the stream: the page may render differently now (it is opened again later). */
  refused(): void;
}

export interface LiveStreamOptions {
  /** Creates the EventSource (default: the browser's). */
  open?: (url: string) => SourceLike;
  /** The page whose visibility decides (default: `document`). */
  page?: PageLike;
  /** After a refused stream, open it again after this long (ms; default 5000). */
  reopenMs?: number;
}

/** Follows race `raceId`'s stream until `stop()` or `end`. */
export function followLiveStream(raceId: number, callbacks: LiveStreamCallbacks, options: LiveStreamOptions = {}): { stop(): void } {
  const create = options.open ?? ((url: string) => new EventSource(url));
  const page = options.page ?? document;
  const reopenMs = options.reopenMs ?? 5000;
  let source: SourceLike | null = null;
  let reopen: ReturnType<typeof setTimeout> | undefined;
  let done = false;
  let live = false;

  const close = () => {
    clearTimeout(reopen);
    reopen = undefined;
    source?.close();
    source = null;
  };

  const open = () => {
    if (done || source) return;
    clearTimeout(reopen);
    reopen = undefined;
    const es = create(liveStreamUrl(raceId, callbacks.seq()));
    source = es;
    const isLive = () => {
      live = true;
      callbacks.status('live');
    };
    es.onopen = isLive;
    es.onerror = () => {
      if (done || source !== es) return;
      if (live) callbacks.lost();
      live = false;
      callbacks.status('reconnecting');
      if (es.readyState === CLOSED) {
        source = null;
        callbacks.refused();
        if (!done && page.visibilityState !== 'hidden') reopen = setTimeout(open, reopenMs);
      }
    };
    es.addEventListener('standings', (event) => {
      if (source !== es) return;
      isLive();
      callbacks.standings(event.data);
    });
    es.addEventListener('clock', (event) => {
      if (source !== es) return;
      isLive();
      callbacks.clock(event.data);
    });
    es.addEventListener('end', () => {
      if (source !== es || done) return;
      done = true;
      close();
      callbacks.end();
    });
  };

  const onVisibility = () => {
    if (done) return;
    if (page.visibilityState === 'hidden') {
      close();
      live = false;
      callbacks.status('connecting');
    } else open();
  };

  page.addEventListener('visibilitychange', onVisibility);
  if (page.visibilityState !== 'hidden') open();
  return {
    stop() {
      done = true;
      page.removeEventListener('visibilitychange', onVisibility);
      close();
    },
  };
}
