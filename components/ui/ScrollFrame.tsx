'use client';
/**
 * The scrolling frame of a wide table (DESIGN.md "Phone first"), shared by the results and
 * series tables: a keyboard-focusable region that scrolls sideways inside the page, with a
 * shadow at the right edge and a hint while columns are hidden off-screen. A click anywhere on
 * a row that carries the data attribute of `rowParams`' first entry opens that row's detail
 * by setting the URL parameters (`{ rider: 'entry' }`: `?rider=` from `data-entry`); the row's
 * name link does the same for keyboard and screen-reader users.
 */
import { useSearchParams } from 'next/navigation';
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import css from './scroll-frame.module.css';

export function ScrollFrame({ label, hint, rowParams, children }: {
  /** The region's accessible name. */
  label: string;
  /** Shown while columns are hidden off-screen. */
  hint: string;
  /** URL parameter → the row's data attribute (camelCase dataset key) holding its value; the first one marks a clickable row. */
  rowParams: Record<string, string>;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState(false);
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => setMore(el.scrollWidth - el.clientWidth - el.scrollLeft > 4);
    el.addEventListener('scroll', update, { passive: true });
    // Its first call comes once the browser has laid the page out: no measuring here, which
    // would force a layout per table while the page hydrates (issue 23).
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, []);

  const openRow = (e: MouseEvent<HTMLDivElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    // A link to another page (a rider's public page, issue 25) goes there; only this page's own
    // links (`?…`) and the rest of the row open the row's detail.
    if ((e.target as HTMLElement).closest('a[href]:not([href^="?"])')) return;
    const entries = Object.entries(rowParams);
    if (!entries.length) return;
    const attribute = entries[0][1].replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    const row = (e.target as HTMLElement).closest<HTMLElement>(`tr[data-${attribute}]`);
    if (!row) return;
    e.preventDefault();
    const next = new URLSearchParams(params.toString());
    for (const [param, key] of entries) {
      const value = row.dataset[key];
      if (value) next.set(param, value);
      else next.delete(param);
    }
    router.push(`${pathname}?${next.toString()}`, { scroll: false });
  };

  return (
    <div>
      {more && (
        <p className={css.hint} aria-hidden="true">
          {hint} →
        </p>
      )}
      <div className={css.frame}>
        <div ref={ref} className={css.scroller} role="region" aria-label={label} tabIndex={0} onClick={openRow}>
          {children}
        </div>
        {more && <div className={css.cue} aria-hidden="true" />}
      </div>
    </div>
  );
}
