'use client';
/**
 * The page-load progress bar on client navigations (spec §4, §9): it appears only when a
 * navigation takes longer than 200 ms (throttle), creeps toward 100 % over 5000 ms (never
 * past it), jumps to 100 % when the new page is shown and hides 500 ms later. Plain HTML (issue 23).
 */
import { useTranslations } from 'next-intl';
import { usePathname, useSearchParams } from 'next/navigation';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import styles from './shell.module.css';

const THROTTLE_MS = 200;
const DURATION_MS = 5000;
const HIDE_DELAY_MS = 500;
const TICK_MS = 100;
/** A navigation that never shows a new page (aborted, or a download) stops showing after this. */
const GIVE_UP_MS = 10_000;

/** Progress in percent after `elapsed` ms of a `duration` ms navigation: eases out, capped below 100. */
export function progressAt(elapsed: number, duration = DURATION_MS): number {
  const ratio = Math.max(0, elapsed) / duration;
  return Math.min(95, (2 / Math.PI) * Math.atan(ratio * 2) * 100);
}

/** True for a click that the router will handle as a navigation to another page of this site. */
function isNavigationClick(event: MouseEvent): boolean {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement)) return false;
  if (anchor.target && anchor.target !== '_self') return false;
  if (anchor.hasAttribute('download')) return false;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return false;
  return url.pathname !== window.location.pathname || url.search !== window.location.search;
}

/** Calls `onChange` when the page shown changes (path or query), and once when mounted. */
function RouteChange({ onChange }: { onChange: () => void }) {
  const key = `${usePathname()}?${useSearchParams().toString()}`;
  useEffect(() => onChange(), [key, onChange]);
  return null;
}

/** The bar (see the file's docstring); mounted once in the layout. */
export function NavigationProgress() {
  const t = useTranslations('common');
  const [value, setValue] = useState<number | null>(null);
  const state = useRef<{ start?: number; throttle?: ReturnType<typeof setTimeout>; tick?: ReturnType<typeof setInterval>; hide?: ReturnType<typeof setTimeout> }>({});

  useEffect(() => {
    const s = state.current;
    const onClick = (event: MouseEvent) => {
      if (!isNavigationClick(event)) return;
      clearTimeout(s.throttle);
      clearTimeout(s.hide);
      clearInterval(s.tick);
      s.start = Date.now();
      s.throttle = setTimeout(() => {
        setValue(progressAt(Date.now() - (s.start ?? Date.now())));
        s.tick = setInterval(() => {
          const elapsed = Date.now() - (s.start ?? Date.now());
          if (elapsed > GIVE_UP_MS) {
            clearInterval(s.tick);
            s.start = undefined;
            setValue(null);
          } else setValue(progressAt(elapsed));
        }, TICK_MS);
      }, THROTTLE_MS);
    };
    // Capture phase: before the router's own handler calls preventDefault() on the link.
    document.addEventListener('click', onClick, true);
    return () => {
      document.removeEventListener('click', onClick, true);
      clearTimeout(s.throttle);
      clearInterval(s.tick);
      clearTimeout(s.hide);
    };
  }, []);

  const arrived = useCallback(() => {
    const s = state.current;
    if (s.start === undefined) return;
    s.start = undefined;
    clearTimeout(s.throttle);
    clearInterval(s.tick);
    setValue((v) => (v === null ? null : 100));
    s.hide = setTimeout(() => setValue(null), HIDE_DELAY_MS);
  }, []);

  return (
    <>
      {/* Only the route watch waits for the search params: the click listener above works from hydration on. */}
      <Suspense fallback={null}>
        <RouteChange onChange={arrived} />
      </Suspense>
      {value !== null && (
        <div className={styles.progress} role="progressbar" aria-label={t('loadingPage')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(value)} data-testid="navigation-progress">
          <div className={styles.progressBar} style={{ transform: `scaleX(${value / 100})` }} />
        </div>
      )}
    </>
  );
}
