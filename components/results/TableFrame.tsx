'use client';
/**
 * The scrolling frame of a results table (DESIGN.md "Phone first"): a keyboard-focusable
 * region that scrolls sideways inside the page, with a shadow at the right edge and a hint
 * while columns are hidden off-screen. A click anywhere on a rider's row opens its detail
 * (the name link does the same for keyboard and screen-reader users).
 */
import { useSearchParams } from 'next/navigation';
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import css from './results.module.css';

export function TableFrame({ label, hint, children }: { label: string; hint: string; children: ReactNode }) {
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

  const openRider = (e: MouseEvent<HTMLDivElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const target = e.target as HTMLElement;
    const row = target.closest<HTMLElement>('tr[data-entry]');
    if (!row) return;
    e.preventDefault();
    const next = new URLSearchParams(params.toString());
    next.set('rider', row.dataset.entry ?? '');
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
        <div ref={ref} className={css.scroller} role="region" aria-label={label} tabIndex={0} onClick={openRider}>
          {children}
        </div>
        {more && <div className={css.cue} aria-hidden="true" />}
      </div>
    </div>
  );
}
