'use client';
/**
 * The loading overlay with a spinner (spec §2 Layouts, §4 Loading overlay): switched on before
 * a client fetch (every TanStack query and mutation, watched by ./QueryProvider.tsx) or a menu
 * navigation, and always off after success or failure. Navigations
 * close it when the new page is shown; a stuck overlay closes itself after 15 s. It appears
 * only after 200 ms (spec §9 default fetch delay) so quick work does not flash. Plain HTML (issue 23).
 */
import { useTranslations } from 'next-intl';
import { usePathname, useSearchParams } from 'next/navigation';
import { createContext, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import styles from './shell.module.css';

const SHOW_DELAY_MS = 200;
const STUCK_MS = 15_000;

interface OverlayApi {
  /** Shows the overlay until `hide()` (or the next page, or 15 s). */
  show: () => void;
  hide: () => void;
  /** Ends one `show()`; the overlay closes when none is left. */
  done: () => void;
  /** Shows the overlay while `work` runs; closes it on success and on failure. */
  track: <T>(work: Promise<T>) => Promise<T>;
}

const OverlayContext = createContext<OverlayApi>({ show: () => {}, hide: () => {}, done: () => {}, track: (w) => w });

/** The overlay's controls; outside the provider they do nothing. */
export function useOverlay(): OverlayApi {
  return useContext(OverlayContext);
}

function RouteWatcher({ onChange }: { onChange: () => void }) {
  const pathname = usePathname();
  const search = useSearchParams();
  const key = `${pathname}?${search.toString()}`;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    onChange();
  }, [key, onChange]);
  return null;
}

/** Provides `useOverlay()` and renders the overlay (see the file's docstring). */
export function OverlayProvider({ children }: { children: ReactNode }) {
  const t = useTranslations('common');
  const [visible, setVisible] = useState(false);
  // How many show() calls are still open; the overlay appears 200 ms after the first.
  const open = useRef(0);
  const timers = useRef<{ show?: ReturnType<typeof setTimeout>; stuck?: ReturnType<typeof setTimeout> }>({});

  const stopTimers = useCallback(() => {
    clearTimeout(timers.current.show);
    clearTimeout(timers.current.stuck);
  }, []);

  const hide = useCallback(() => {
    open.current = 0;
    stopTimers();
    setVisible(false);
  }, [stopTimers]);

  const show = useCallback(() => {
    open.current += 1;
    if (open.current > 1) return;
    stopTimers();
    timers.current.show = setTimeout(() => setVisible(true), SHOW_DELAY_MS);
    timers.current.stuck = setTimeout(hide, STUCK_MS);
  }, [hide, stopTimers]);

  const done = useCallback(() => {
    open.current = Math.max(0, open.current - 1);
    if (open.current > 0) return;
    stopTimers();
    setVisible(false);
  }, [stopTimers]);

  const track = useCallback(
    async <T,>(work: Promise<T>): Promise<T> => {
      show();
      try {
        return await work;
      } finally {
        done();
      }
    },
    [show, done],
  );

  useEffect(() => () => hide(), [hide]);
  const api = useMemo(() => ({ show, hide, done, track }), [show, hide, done, track]);
  return (
    <OverlayContext.Provider value={api}>
      {/* useSearchParams needs a Suspense boundary: without one a page Next renders statically
          (the 404) falls back to client rendering, its server HTML an error shell without lang. */}
      <Suspense fallback={null}>
        <RouteWatcher onChange={hide} />
      </Suspense>
      {children}
      <div className={styles.overlay} data-open={visible ? 'true' : 'false'} data-testid="loading-overlay" aria-hidden={!visible}>
        {/* Only while shown: a hidden spinner still animates, a frame at a time, on every page. */}
        {visible && <div className={styles.spinner} role="progressbar" aria-label={t('loading')} />}
      </div>
    </OverlayContext.Provider>
  );
}
