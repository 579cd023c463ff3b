'use client';
/**
 * The search and filter bar of a results page (spec §3 Race filters), a small client leaf of
 * plain elements (issue 23): a GET form with the text search (the URL follows as the visitor
 * types, 350 ms after the last key), the "Filter the results" button with the count of active
 * filters, and "Clear filters". The form keeps the page's other query parameters as hidden
 * fields, so that without JavaScript Enter (or the `<noscript>` fallback's selects and submit
 * button, `children`) sends the same query the scripts would set.
 *
 * The filter panel (brand, class, class group, participant: MUI fields and the participants'
 * list fetched from livelaps/race/filters/{id}) is loaded when the visitor opens it, or at once
 * when the URL already carries one of its filters (./FilterPanel.tsx, `next/dynamic`): its
 * code stays off the page's first load.
 */
import { useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useId, useRef, useState, useTransition, type ReactNode } from 'react';
import { Icon } from '@/components/ui/Icon';
import { SEARCH } from '@/components/ui/icons/search';
import ui from '@/components/ui/ui.module.css';
import type { ResultView } from '@/lib/contracts/results';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import css from './results.module.css';

/** The panel's filters with a fixed list of choices (the participant is the fourth). */
export type PanelKey = 'brand' | 'class' | 'group';

/** Every filter of the panel (the text search is always in view). */
const PANEL_KEYS = ['brand', 'class', 'group', 'participant'] as const;

/** Material's FilterList icon. */
const FILTER_LIST = 'M10 18h4v-2h-4zM3 6v2h18V6zm3 7h12v-2H6z';

function PanelLoading() {
  return <span className={css.spinner} aria-hidden="true" />;
}

const FilterPanel = dynamic(() => import('./FilterPanel').then((m) => m.FilterPanel), { ssr: false, loading: PanelLoading });

export function FilterBar({ raceId, view, panel, options, children }: {
  raceId: number;
  view: ResultView;
  /** The panel's select fields for this view, in order. */
  panel: PanelKey[];
  options: Record<PanelKey, string[]>;
  /** The `<noscript>` fallback, inside the form. */
  children?: ReactNode;
}) {
  const t = useTranslations('race');
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [pending, startTransition] = useTransition();
  const [q, setQ] = useState(params.get('q') ?? '');
  const active = PANEL_KEYS.filter((k) => params.get(k) && !(k === 'class' && view === 'class') && !(k === 'group' && view === 'group')).length;
  const [open, setOpen] = useState(active > 0);
  const searchId = useId();
  const debounce = useRef<ReturnType<typeof setTimeout>>(undefined);

  const go = useCallback(
    (changes: Record<string, string | null>) => {
      const next = new URLSearchParams(params.toString());
      next.delete('rider');
      for (const [k, v] of Object.entries(changes)) {
        if (v === null || v === '') next.delete(k);
        else next.set(k, v);
      }
      const s = next.toString();
      startTransition(() => router.replace(s ? `${pathname}?${s}` : pathname, { scroll: false }));
    },
    [params, pathname, router],
  );

  // Follow the URL when it changes from outside the field (clear filters, back button).
  const urlQ = params.get('q') ?? '';
  const [seenQ, setSeenQ] = useState(urlQ);
  if (urlQ !== seenQ) {
    setSeenQ(urlQ);
    if (urlQ !== q.trim()) setQ(urlQ);
  }
  useEffect(() => () => clearTimeout(debounce.current), []);

  // What the form sends besides the search and the fallback's selects: the rest of the URL's query.
  const hidden = [...params.entries()].filter(([k]) => k !== 'q' && k !== 'rider' && !(panel as string[]).includes(k));

  return (
    <>
      <form
        method="get"
        role="search"
        className={css.bar}
        onSubmit={(e) => {
          e.preventDefault();
          clearTimeout(debounce.current);
          go({ q: q.trim() });
        }}
      >
        {hidden.map(([k, v], i) => (
          <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
        ))}
        <div className={`${ui.field} ${css.search}`}>
          <label htmlFor={searchId} className={ui.label}>
            {t('search')}
          </label>
          <div className={css.searchBox}>
            <Icon path={SEARCH} size={20} />
            <input
              id={searchId}
              type="search"
              name="q"
              className={ui.input}
              value={q}
              maxLength={50}
              aria-describedby="results-count"
              onChange={(e) => {
                const value = e.target.value;
                setQ(value);
                clearTimeout(debounce.current);
                debounce.current = setTimeout(() => go({ q: value.trim() }), 350);
              }}
            />
          </div>
        </div>
        <button
          type="button"
          className={`${ui.button} ${open ? ui.contained : ui.outlined} ${css.toggle}`}
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls="results-filters"
        >
          <Icon path={FILTER_LIST} size={20} />
          {active > 0 && <span className={css.badge}>{active}</span>}
          {t('filters')}
        </button>
        {(active > 0 || !!params.get('q')) && (
          <button
            type="button"
            className={`${ui.button} ${css.toggle}`}
            onClick={() => {
              setQ('');
              clearTimeout(debounce.current);
              go({ brand: null, class: view === 'class' ? params.get('class') : null, group: view === 'group' ? params.get('group') : null, participant: null, q: null });
            }}
          >
            {t('clearFilters')}
          </button>
        )}
        {children}
      </form>
      {open && (
        <div id="results-filters" role="group" aria-label={t('filters')} className={css.panel}>
          <FilterPanel raceId={raceId} panel={panel} options={options} go={go} />
        </div>
      )}
      <div className={css.progress}>{pending && <div role="progressbar" aria-label={t('updating')} className={css.progressBar} />}</div>
    </>
  );
}
