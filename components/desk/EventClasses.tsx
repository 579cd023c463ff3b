'use client';
/**
 * The classes an event offers, on its desk page (issue 24 "classes, fee, entry limit"; spec §7
 * registration/loadClasses): a row per class with its entry fee (dollars, saved in cents) and
 * its entry limit, added from the organization's classes, taken off (not while riders are
 * registered in it), saved as a whole. Plain checks before the call (an amount, a whole number),
 * the server checks again with the contract; refusals in the page's language under the rows.
 */
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import ui from '@/components/ui/ui.module.css';
import { useSaveDeskEventClasses } from '@/lib/api/desk-classes';
import { feeCentsOf, feeText } from '@/lib/contracts/desk-classes';
import { Link, useRouter } from '@/lib/i18n/navigation';
import css from './desk.module.css';

export interface EventClassesProps {
  eventId: number;
  classes: { classId: number; name: string; feeCents: number; capacity: number | null; registrations: number }[];
  options: { id: number; name: string }[];
}

interface Row {
  key: number;
  classId: number;
  fee: string;
  capacity: string;
  registrations: number;
}

/** The classes (see the file's docstring). */
export function EventClasses({ eventId, classes, options }: EventClassesProps) {
  const t = useTranslations('desk.classes');
  const td = useTranslations('desk');
  const id = useId();
  const router = useRouter();
  const save = useSaveDeskEventClasses();
  const [rows, setRows] = useState<Row[]>(() => classes.map((c, key) => ({ key, classId: c.classId, fee: feeText(c.feeCents), capacity: c.capacity === null ? '' : String(c.capacity), registrations: c.registrations })));
  const [next, setNext] = useState(classes.length);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const unused = options.filter((o) => !rows.some((r) => r.classId === o.id));
  const change = (key: number, patch: Partial<Row>) => setRows((list) => list.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const message = (code: string) => (t.has(`errors.${code}`) ? t(`errors.${code}`) : td.has(`errors.${code}`) ? td(`errors.${code}`) : t('errors.request_error'));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const input = rows.map((r, i) => {
      const feeCents = feeCentsOf(r.fee);
      if (feeCents === null) found[`${i}.fee`] = 'invalid_fee';
      const capacity = r.capacity.trim() === '' ? null : /^\d+$/.test(r.capacity.trim()) && Number(r.capacity) >= 1 ? Number(r.capacity) : Number.NaN;
      if (Number.isNaN(capacity)) found[`${i}.capacity`] = 'invalid_capacity';
      return { classId: r.classId, feeCents: feeCents ?? 0, capacity };
    });
    setProblems(found);
    setProblem(null);
    if (Object.keys(found).length) return;
    save.mutate(
      { eventId, input: { classes: input } },
      {
        onSuccess: () => router.refresh(),
        onError: (err) => {
          const byField: Record<string, string> = {};
          for (const issue of err.issues) if (issue.path[0] === 'classes' && issue.path.length === 3) byField[`${issue.path[1]}.${issue.path[2] === 'feeCents' ? 'fee' : 'capacity'}`] = issue.code;
          setProblems(byField);
          if (!Object.keys(byField).length) setProblem(err.issues[0]?.code ?? (err.apiCode && (t.has(`errors.${err.apiCode}`) || td.has(`errors.${err.apiCode}`)) ? err.apiCode : err.code));
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className={css.upload} aria-describedby={`${id}-status`} data-testid="desk-event-classes">
      {rows.length === 0 ? <p>{t('none')}</p> : null}
      <ul className={css.races}>
        {rows.map((r, i) => {
          const fee = problems[`${i}.fee`];
          const capacity = problems[`${i}.capacity`];
          return (
            <li key={r.key} className={css.classRow}>
              <label className={css.classField}>
                <span className={ui.label}>{t('class')}</span>
                <select className={ui.input} value={r.classId} onChange={(e) => change(r.key, { classId: Number(e.target.value) })} disabled={r.registrations > 0}>
                  {options
                    .filter((o) => o.id === r.classId || !rows.some((other) => other.classId === o.id))
                    .map((o) => (
                      <option key={o.id} value={o.id}>
                        {o.name}
                      </option>
                    ))}
                </select>
              </label>
              <label className={css.classField}>
                <span className={ui.label}>{t('fee')}</span>
                <input className={ui.input} inputMode="decimal" value={r.fee} onChange={(e) => change(r.key, { fee: e.target.value })} aria-invalid={fee ? true : undefined} aria-describedby={fee ? `${id}-${r.key}-fee` : undefined} />
                {fee ? (
                  <span id={`${id}-${r.key}-fee`} className={css.rowError}>
                    {message(fee)}
                  </span>
                ) : null}
              </label>
              <label className={css.classField}>
                <span className={ui.label}>{t('capacity')}</span>
                <input className={ui.input} inputMode="numeric" value={r.capacity} placeholder={t('noLimit')} onChange={(e) => change(r.key, { capacity: e.target.value })} aria-invalid={capacity ? true : undefined} aria-describedby={capacity ? `${id}-${r.key}-cap` : undefined} />
                {capacity ? (
                  <span id={`${id}-${r.key}-cap`} className={css.rowError}>
                    {message(capacity)}
                  </span>
                ) : null}
              </label>
              <span className={css.classMeta}>
                {t('registrations', { count: r.registrations })}
                <button type="button" className={`${ui.button} ${ui.outlined}`} disabled={r.registrations > 0} title={r.registrations > 0 ? t('keep') : undefined} onClick={() => setRows((list) => list.filter((x) => x.key !== r.key))}>
                  {t('remove', { name: options.find((o) => o.id === r.classId)?.name ?? '' })}
                </button>
              </span>
            </li>
          );
        })}
      </ul>
      <p className={css.actions}>
        <button
          type="button"
          className={`${ui.button} ${ui.outlined}`}
          disabled={!unused.length}
          onClick={() => {
            setRows((list) => [...list, { key: next, classId: unused[0]!.id, fee: '0.00', capacity: '', registrations: 0 }]);
            setNext(next + 1);
          }}
        >
          {t('add')}
        </button>
        <button type="submit" disabled={save.isPending} className={`${ui.button} ${ui.contained}`}>
          {save.isPending ? td('saving') : t('save')}
        </button>
        {options.length === 0 ? <Link href="/desk/classes">{t('defineFirst')}</Link> : <Link href="/desk/classes">{t('manage')}</Link>}
      </p>
      <p id={`${id}-status`} role="status" className={problem ? css.rowError : css.rowStatus}>
        {problem ? message(problem) : save.isSuccess ? t('saved') : ''}
      </p>
    </form>
  );
}
