'use client';
/**
 * A chunk-load failure (a deploy replaced the scripts this page was built with) reloads the
 * page once, at most once per 60 s (spec §4, §9 page-reload guard), so a visitor is not left
 * on a page whose code cannot load, and a broken deploy cannot make it reload in a loop.
 */
import { useEffect } from 'react';

const GUARD_MS = 60_000;
const KEY = 'chunkReloadAt';

/** True for the errors browsers and bundlers raise when a script or style chunk cannot load. */
export function isChunkLoadError(reason: unknown): boolean {
  const name = reason instanceof Error ? reason.name : '';
  const message = reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : '';
  return (
    name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk [\w-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(message)
  );
}

/** Whether a reload is allowed now, given the last one (ms since epoch, or null). */
export function mayReload(last: number | null, now: number): boolean {
  return last === null || !Number.isFinite(last) || now - last >= GUARD_MS;
}

/** Listens for chunk-load failures for the whole page; renders nothing. */
export function ChunkReload() {
  useEffect(() => {
    const handle = (reason: unknown) => {
      if (!isChunkLoadError(reason)) return;
      let last: number | null = null;
      try {
        const stored = window.localStorage.getItem(KEY);
        last = stored === null ? null : Number(stored);
      } catch {
        /* storage unavailable: allow one reload */
      }
      const now = Date.now();
      if (!mayReload(last, now)) return;
      try {
        window.localStorage.setItem(KEY, String(now));
      } catch {
        /* ignore */
      }
      window.location.reload();
    };
    const onError = (e: ErrorEvent) => handle(e.error ?? e.message);
    const onRejection = (e: PromiseRejectionEvent) => handle(e.reason);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);
  return null;
}
