'use client';
/**
 * Keeps a racer's laps tab current while their race runs (spec §1 live laps): listens to the
 * race's Server-Sent Events stream (lib/api/live.ts `liveStreamUrl`, the one the live board
 * uses) and fetches the server-rendered tab again (no reload, the scroll position stays) only
 * when the racer's own lap count changed or the session ended (./live-refresh.ts), at most
 * once every 5 s. The stream is closed while the page is hidden and opened again when it shows
 * (its first event brings the board as it stands). Without EventSource, a refresh every 30 s
 * while visible and online. Renders nothing.
 */
import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { liveStreamUrl, parseStandings } from '@/lib/api/live';
import { FALLBACK_REFRESH_MS, lapsChanged, refreshDelay } from './live-refresh';

export interface LiveRefreshProps {
  raceId: number;
  /** The racer's entry in the race (their board row), or null. */
  entryId: number | null;
  /** Laps on screen when the page was rendered (the result's lap count). */
  laps: number;
}

export function LiveRefresh({ raceId, entryId, laps }: LiveRefreshProps) {
  const router = useRouter();
  // The lap count last acted on: the page's at first, then the board's (a refreshed page showing
  // a count the board does not would otherwise refresh again on every event).
  const shown = useRef(laps);

  useEffect(() => {
    let source: EventSource | null = null;
    let timer: number | undefined;
    let lastRefresh: number | null = null;
    const visible = () => document.visibilityState === 'visible';

    const refresh = () => {
      if (timer !== undefined) return;
      timer = window.setTimeout(() => {
        timer = undefined;
        lastRefresh = Date.now();
        router.refresh();
      }, refreshDelay(Date.now(), lastRefresh));
    };
    const close = () => {
      source?.close();
      source = null;
    };
    const open = () => {
      if (source || !visible()) return;
      source = new EventSource(liveStreamUrl(raceId));
      source.addEventListener('standings', (e) => {
        const board = parseStandings((e as MessageEvent<string>).data);
        if (!board || !lapsChanged(board, entryId, shown.current)) return;
        const row = entryId === null ? undefined : board.rows.find((r) => r.entryId === entryId);
        if (row?.laps != null) shown.current = row.laps;
        refresh();
        if (board.state === 'finished') close();
      });
      source.addEventListener('end', () => {
        refresh();
        close();
      });
    };

    if (typeof EventSource === 'undefined') {
      const interval = window.setInterval(() => {
        if (visible() && navigator.onLine) router.refresh();
      }, FALLBACK_REFRESH_MS);
      return () => window.clearInterval(interval);
    }
    const onVisibility = () => (visible() ? open() : close());
    document.addEventListener('visibilitychange', onVisibility);
    open();
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      close();
      window.clearTimeout(timer);
    };
  }, [raceId, entryId, router]);
  return null;
}
