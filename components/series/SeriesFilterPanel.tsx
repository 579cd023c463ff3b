'use client';
/**
 * The filter panel of a series' standings (spec §3 Series filters), a small client leaf of plain
 * HTML (issue 23: MUI's Button, Badge and Collapse before): the button "Filter the standings"
 * (with the number of filters in use) showing or hiding the panel `#series-filters`, whose
 * content (the filter form, SeriesControls) the server renders. The panel starts open when a
 * filter is in use. Without JavaScript the button is hidden and the panel always shown
 * (`@media (scripting: none)` in series.module.css).
 */
import { useState, type ReactNode } from 'react';
import { Icon } from '@/components/ui/Icon';
import ui from '@/components/ui/ui.module.css';
import css from './series.module.css';

/** Material's FilterList icon. */
const FILTER_LIST = 'M10 18h4v-2h-4zM3 6v2h18V6zm3 7h12v-2H6z';

export function SeriesFilterPanel({ label, active, before, after, children }: {
  /** The button's name ("Filter the standings"). */
  label: string;
  /** How many filters are in use. */
  active: number;
  /** Shown before the button on its line (the standings' kinds). */
  before?: ReactNode;
  /** Shown after the button on its line ("Clear filters"). */
  after?: ReactNode;
  /** The panel's content. */
  children: ReactNode;
}) {
  const [open, setOpen] = useState(active > 0);
  return (
    <>
      <div className={css.toolbar}>
        {before}
        <button
          type="button"
          className={`${ui.button} ${open ? ui.contained : ui.outlined} ${css.toggle}`}
          aria-expanded={open}
          aria-controls="series-filters"
          onClick={() => setOpen(!open)}
        >
          <span className={css.toggleIcon}>
            <Icon path={FILTER_LIST} size={20} />
            {active > 0 && (
              <span className={css.badge} aria-hidden="true">
                {active}
              </span>
            )}
          </span>
          {label}
        </button>
        {after}
      </div>
      <div id="series-filters" className={css.panel} data-open={open ? '' : undefined}>
        {children}
      </div>
    </>
  );
}
