'use client';
/**
 * The scrolling frame of a series table (DESIGN.md "Phone first"), as the results tables have
 * it: a keyboard-focusable region scrolling sideways inside the page, a shadow at the right edge
 * and a hint while columns are hidden off-screen. A tap anywhere on a rider's row opens the
 * rider's season (the name link does the same for keyboard and screen-reader users).
 */
import { useSearchParams } from 'next/navigation';
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import { SEASON_CLASS_PARAM, SEASON_PARAM } from './params';
import css from './series.module.css';

export function SeriesFrame({ label, hint, children }: { label: string; hint: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState(false);
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => setMore(el.scrollWidth - el.clientWidth - el.scrollLeft > 4);
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, []);

  const openSeason = (e: MouseEvent<HTMLDivElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const row = (e.target as HTMLElement).closest<HTMLElement>('tr[data-season]');
    if (!row) return;
    e.preventDefault();
    const next = new URLSearchParams(params.toString());
    next.set(SEASON_PARAM, row.dataset.season ?? '');
    if (row.dataset.class) next.set(SEASON_CLASS_PARAM, row.dataset.class);
    else next.delete(SEASON_CLASS_PARAM);
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
        <div ref={ref} className={css.scroller} role="region" aria-label={label} tabIndex={0} onClick={openSeason}>
          {children}
        </div>
        {more && <div className={css.cue} aria-hidden="true" />}
      </div>
    </div>
  );
}
