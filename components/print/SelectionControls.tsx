'use client';
/**
 * The client leaves of the print selection form (./PrintSelectionForm.tsx; spec §5 Race
 * printing; issue 12), plain elements (issue 23: the form's fields are server-rendered HTML,
 * these only add what needs JavaScript):
 * - `SelectionForm`: the GET form itself. Changing the event loads its races beside it (the URL's
 *   `event` replaced, the mode and paper kept; the field keeps the focus). "Show the sheet" is
 *   checked here before leaving the page with the two rules of the server's schema
 *   (`printSelection`: 'You must select a race', 'No classes are selected in the Position Only
 *   tab'), shown in an alert that takes the focus and beside their fields (`data-issues`); a valid
 *   selection goes to this page with `go=1`, where the server checks it again and sends it on to
 *   its sheet. No zod here: the schema module would bring it to the browser.
 * - `ModeTabs`: what to print as tabs (radio buttons with every panel shown until React runs).
 * - `ClassChoices`: the classes of the chosen races, following the race boxes as they are ticked,
 *   with "Select every class".
 * - `BeforeHydration`: what only shows until React runs (the "Show the races" button).
 */
import { useEffect, useRef, useState, useTransition, type ChangeEvent, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import ui from '@/components/ui/ui.module.css';
import { useHydrated } from '@/components/ui/use-hydrated';
import type { PrintIssue, PrintMode } from '@/lib/contracts/print';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import css from './print.module.css';

/** `children` until React has hydrated, then nothing. */
export function BeforeHydration({ children }: { children: ReactNode }) {
  return useHydrated() ? null : children;
}

export function SelectionForm({ action, event, issues: serverIssues, texts, icon, progressLabel, head, children }: {
  /** This page's address (base path and language included): the form's GET target. */
  action: string;
  /** The event shown. */
  event: number | null;
  /** What the server's check of the sent form found (`go=1`). */
  issues: PrintIssue[];
  /** The messages of the issues. */
  texts: Record<PrintIssue, string>;
  /** The alert's icon. */
  icon: ReactNode;
  /** The name of the progress bar shown while the event's races load. */
  progressLabel: string;
  /** The event field (or the message that no event has results), above the progress bar. */
  head: ReactNode;
  children?: ReactNode;
}) {
  const router = useRouter();
  const pathname = usePathname();
  const [loading, startLoading] = useTransition();
  const [issues, setIssues] = useState(serverIssues);
  // Another event loaded, or the server found something: its messages replace the shown ones.
  const key = `${event} ${serverIssues.join(' ')}`;
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    setShownKey(key);
    setIssues(serverIssues);
  }
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (issues.length) alertRef.current?.focus();
  }, [issues]);

  // The chosen mode and paper go along, so the new event's form keeps them.
  const change = (e: ChangeEvent<HTMLFormElement>) => {
    const field = e.target as unknown as HTMLSelectElement;
    if (field.name !== 'event') return;
    const data = new FormData(e.currentTarget);
    const query = new URLSearchParams({ mode: String(data.get('mode') ?? 'overall') });
    if (field.value) query.set('event', field.value);
    const paper = data.get('paper');
    if (typeof paper === 'string' && paper !== 'letter') query.set('paper', paper);
    startLoading(() => router.replace(`${pathname}?${query.toString()}`, { scroll: false }));
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const found: PrintIssue[] = [];
    if (!data.has('race')) found.push('race_required');
    if (data.get('mode') === 'classes' && !data.has('class')) found.push('classes_required');
    setIssues(found);
    if (found.length) return;
    const query = new URLSearchParams();
    for (const [name, value] of data) if (typeof value === 'string') query.append(name, value);
    query.set('go', '1');
    startLoading(() => router.push(`${pathname}?${query.toString()}`));
  };

  return (
    <form method="get" action={action} noValidate className={css.form} data-issues={issues.join(' ') || undefined} aria-busy={loading || undefined} onChange={change} onSubmit={submit}>
      {issues.length > 0 && (
        <div ref={alertRef} tabIndex={-1} role="alert" className={`${ui.alert} ${ui.alertError} ${css.alert}`}>
          {icon}
          <div className={css.alertText}>
            {issues.map((code) => (
              <div key={code}>{texts[code]}</div>
            ))}
          </div>
        </div>
      )}
      {head}
      {loading && <div role="progressbar" aria-label={progressLabel} className={css.progress} />}
      {children}
    </form>
  );
}

/** The tabs in order (lib/contracts/print PRINT_MODES). */
const MODES = ['overall', 'classes', 'team'] as const satisfies readonly PrintMode[];

export function ModeTabs({ mode: initialMode, label, labels, panels }: {
  mode: PrintMode;
  /** The tab list's name ("What to print"). */
  label: string;
  labels: Record<PrintMode, string>;
  panels: Record<PrintMode, ReactNode>;
}) {
  const hydrated = useHydrated();
  const [mode, setMode] = useState(initialMode);

  // Arrow keys, Home and End move between the tabs (WAI-ARIA tabs pattern), each chosen as it gets the focus.
  const key = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = MODES.indexOf(mode);
    const next = { ArrowRight: at + 1, ArrowLeft: at + MODES.length - 1, Home: 0, End: MODES.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const to = MODES[next % MODES.length]!;
    setMode(to);
    document.getElementById(`print-tab-${to}`)?.focus();
  };

  return (
    <>
      {hydrated ? (
        <>
          <input type="hidden" name="mode" value={mode} />
          <div role="tablist" aria-label={label} className={ui.tabs} onKeyDown={key}>
            {MODES.map((m) => (
              <button
                key={m}
                type="button"
                role="tab"
                id={`print-tab-${m}`}
                aria-controls={`print-panel-${m}`}
                aria-selected={mode === m}
                tabIndex={mode === m ? 0 : -1}
                className={ui.tab}
                onClick={() => setMode(m)}
              >
                {labels[m]}
              </button>
            ))}
          </div>
        </>
      ) : (
        // Before hydration (or without JavaScript) the tabs are radio buttons and every panel shows.
        <div className={css.radios}>
          {MODES.map((m) => (
            <label key={m} className={css.check}>
              <input type="radio" name="mode" value={m} defaultChecked={m === mode} />
              <span>{labels[m]}</span>
            </label>
          ))}
        </div>
      )}
      {MODES.map((m) => (
        // A panel of text only is itself a tab stop (WAI-ARIA tabs pattern), so its text is reached right after the tabs.
        <div
          key={m}
          role={hydrated ? 'tabpanel' : undefined}
          id={`print-panel-${m}`}
          aria-labelledby={hydrated ? `print-tab-${m}` : undefined}
          hidden={hydrated && mode !== m}
          tabIndex={hydrated && m !== 'classes' ? 0 : undefined}
          className={css.panel}
        >
          {panels[m]}
        </div>
      ))}
    </>
  );
}

const toggle = <T,>(list: T[], value: T, on: boolean) => (on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value));

export function ClassChoices({ races, chosenRaces: initialRaces, chosen: initialClasses, texts }: {
  /** The event's races with their classes, in race order. */
  races: { id: number; classes: string[] }[];
  /** The races ticked when the page was rendered. */
  chosenRaces: number[];
  /** The classes ticked when the page was rendered. */
  chosen: string[];
  texts: { legend: string; selectAll: string; none: string; required: string };
}) {
  const hydrated = useHydrated();
  const ref = useRef<HTMLFieldSetElement>(null);
  const [chosenRaces, setChosenRaces] = useState(initialRaces);
  const [chosen, setChosen] = useState(initialClasses);
  // The race boxes (server-rendered fields of the same form) decide which classes show.
  useEffect(() => {
    const form = ref.current?.form;
    if (!form) return;
    const follow = (e: Event) => {
      if ((e.target as HTMLInputElement).name !== 'race') return;
      setChosenRaces([...form.querySelectorAll<HTMLInputElement>('input[name="race"]:checked')].map((box) => Number(box.value)));
    };
    form.addEventListener('change', follow);
    return () => form.removeEventListener('change', follow);
  }, []);

  // The classes of the chosen races (of every race while none is chosen), in race order.
  const from = races.filter((r) => chosenRaces.includes(r.id));
  const classes = [...new Set((from.length ? from : races).flatMap((r) => r.classes))];
  const shown = chosen.filter((c) => classes.includes(c));
  const box = (checked: boolean, onChange: (on: boolean) => void, label: string, value?: string, indeterminate?: boolean) => (
    <label key={value ?? ''} className={css.check}>
      <input
        type="checkbox"
        name={value === undefined ? undefined : 'class'}
        value={value}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        ref={(el) => {
          if (el) el.indeterminate = !!indeterminate;
        }}
      />
      <span>{label}</span>
    </label>
  );

  return (
    <fieldset ref={ref} className={`${css.fieldset} ${css.classSet}`}>
      <legend className={css.legend}>{texts.legend}</legend>
      {classes.length === 0 ? (
        <p>{texts.none}</p>
      ) : (
        <>
          {/* It ticks the boxes below with JavaScript; without, it would do nothing. */}
          {hydrated && box(shown.length === classes.length, (on) => setChosen(on ? classes : []), texts.selectAll, undefined, shown.length > 0 && shown.length < classes.length)}
          <div className={css.classes}>{classes.map((c) => box(shown.includes(c), (on) => setChosen((list) => toggle(list, c, on)), c, c))}</div>
        </>
      )}
      <p className={`${css.errorText} ${css.classHelp}`}>{texts.required}</p>
    </fieldset>
  );
}
