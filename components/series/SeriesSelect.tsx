'use client';
/**
 * One filter of a series' standings (spec §3 Series filters: className, classGroup, brands,
 * events, participants), a small client leaf of plain HTML (issue 23: MUI's TextField select
 * and Autocomplete before).
 *
 * From the server (and so without JavaScript) it is a native `<select name>` of the filter
 * form (SeriesControls), sent with the form's submit button. Once React runs in the browser it
 * becomes a select-only combobox (WAI-ARIA APG: a button with role combobox and a listbox of
 * options; arrow keys, Home/End, Enter/Space, Escape and type-ahead): choosing an option puts
 * it in the URL at once (the dialog's parameters dropped), and the server renders the table for it.
 */
import { useSearchParams } from 'next/navigation';
import { useEffect, useId, useRef, useState, useTransition, type KeyboardEvent } from 'react';
import { Icon } from '@/components/ui/Icon';
import { EXPAND_MORE } from '@/components/ui/icons/expand-more';
import ui from '@/components/ui/ui.module.css';
import { useHydrated } from '@/components/ui/use-hydrated';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import { SEASON_CLASS_PARAM, SEASON_PARAM } from './params';
import css from './series.module.css';

export interface SelectOption {
  value: string;
  label: string;
}

export function SeriesSelect({ name, label, value, options, updating, wide = false }: {
  /** The URL parameter (and the native select's name). */
  name: string;
  label: string;
  /** The chosen value; '' for the first option (every class, brand …). */
  value: string;
  /** The choices, the first one being "All" (value ''). */
  options: SelectOption[];
  /** Said while the new table is on its way ("Updating…"). */
  updating: string;
  /** A wider field (the riders' names). */
  wide?: boolean;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [pending, startTransition] = useTransition();
  const [open, setOpen] = useState(false);
  const selected = Math.max(0, options.findIndex((o) => o.value === value));
  const [active, setActive] = useState(selected);
  const typed = useRef({ text: '', at: 0 });
  const field = `${ui.field} ${css.field}${wide ? ` ${css.wideField}` : ''}`;

  // The active option stays in view while the arrow keys move through a long list (the list scrolls, not the page).
  useEffect(() => {
    const list = document.getElementById(`${id}-list`);
    const item = document.getElementById(`${id}-${active}`);
    if (!open || !list || !item) return;
    if (item.offsetTop < list.scrollTop) list.scrollTop = item.offsetTop;
    else if (item.offsetTop + item.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = item.offsetTop + item.offsetHeight - list.clientHeight;
  }, [open, active, id]);

  if (!hydrated) {
    return (
      <div className={field}>
        <label htmlFor={id} className={ui.label}>
          {label}
        </label>
        <select id={id} name={name} defaultValue={value} className={ui.select}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
    );
  }

  const show = (index: number) => {
    setActive(index);
    setOpen(true);
  };
  const choose = (index: number) => {
    setOpen(false);
    const option = options[index];
    if (!option || option.value === value) return;
    const next = new URLSearchParams(params.toString());
    next.delete(SEASON_PARAM);
    next.delete(SEASON_CLASS_PARAM);
    if (option.value) next.set(name, option.value);
    else next.delete(name);
    const query = next.toString();
    startTransition(() => router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false }));
  };
  /** Type-ahead: the next option starting with the letters typed within the last half second. */
  const find = (key: string) => {
    const now = Date.now();
    const text = (now - typed.current.at < 500 ? typed.current.text : '') + key.toLowerCase();
    typed.current = { text, at: now };
    const from = text.length > 1 ? active : active + 1;
    for (let i = 0; i < options.length; i++) {
      const at = (from + i) % options.length;
      if (options[at].label.toLowerCase().startsWith(text)) return at;
    }
    return -1;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const last = options.length - 1;
    let next: number | null = null;
    if (e.key === 'ArrowDown') next = open ? Math.min(last, active + 1) : selected;
    else if (e.key === 'ArrowUp') next = open ? Math.max(0, active - 1) : selected;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = last;
    else if (e.key === 'PageDown') next = Math.min(last, active + 10);
    else if (e.key === 'PageUp') next = Math.max(0, active - 10);
    else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (open) choose(active);
      else show(selected);
      return;
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      return;
    } else if (e.key === 'Tab') {
      setOpen(false);
      return;
    } else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
      const at = find(e.key);
      if (at >= 0) next = at;
    }
    if (next === null) return;
    e.preventDefault();
    show(next);
  };

  return (
    <div className={field}>
      <span id={`${id}-label`} className={ui.label}>
        {label}
      </span>
      <div className={css.combo}>
        <button
          type="button"
          role="combobox"
          className={`${ui.select} ${css.comboButton}`}
          aria-labelledby={`${id}-label`}
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-controls={`${id}-list`}
          aria-activedescendant={open ? `${id}-${active}` : undefined}
          aria-busy={pending || undefined}
          onClick={() => (open ? setOpen(false) : show(selected))}
          onKeyDown={onKeyDown}
          // Space's own click comes at its keyup: the keydown already did what it asks.
          onKeyUp={(e) => e.key === ' ' && e.preventDefault()}
          onBlur={() => setOpen(false)}
        >
          <span className={css.comboValue}>{options[selected]?.label}</span>
          <Icon path={EXPAND_MORE} size={20} className={css.comboIcon} />
        </button>
        <ul
          role="listbox"
          id={`${id}-list`}
          aria-labelledby={`${id}-label`}
          className={css.listbox}
          hidden={!open}
          // Keeps the focus on the combobox, so that its blur does not close the list before a click on it.
          onMouseDown={(e) => e.preventDefault()}
        >
          {options.map((o, i) => (
            <li
              key={o.value}
              id={`${id}-${i}`}
              role="option"
              aria-selected={i === selected}
              data-active={open && i === active ? '' : undefined}
              className={css.option}
              onMouseMove={() => i !== active && setActive(i)}
              onClick={() => choose(i)}
            >
              {o.label}
            </li>
          ))}
        </ul>
      </div>
      {pending && (
        <span role="status" className={css.updating}>
          {updating}
        </span>
      )}
    </div>
  );
}
