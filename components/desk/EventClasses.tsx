'use client';
/**
 * The classes an event offers, on its desk page (issue 24 "classes, fee, entry limit"; spec §7
 * registration/loadClasses): a row per class with its entry fee (dollars, saved in cents), its
 * early and late fees (issue 27 "Fees by date"; optional: empty is none, the regular fee then
 * applies; the dates are the event's online-registration settings) and its entry limit, added from the organization's classes, taken off (not while riders are
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
  classes: { classId: number; name: string; feeCents: number; earlyFeeCents: number | null; lateFeeCents: number | null; capacity: number | null; registrations: number }[];
  options: { id: number; name: string }[];
}

/** The row fields that take a typed value, with the contract's field each one's issues come back on. */
const FIELDS = [
  ['fee', 'feeCents'],
  ['early', 'earlyFeeCents'],
  ['late', 'lateFeeCents'],
  ['capacity', 'capacity'],
] as const;
type RowField = (typeof FIELDS)[number][0];

interface Row {
  key: number;
  classId: number;
  fee: string;
  /** Early and late fees as typed; '' for none. */
  early: string;
  late: string;
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
  const [rows, setRows] = useState<Row[]>(() =>
    classes.map((c, key) => ({ key, classId: c.classId, fee: feeText(c.feeCents), early: c.earlyFeeCents === null ? '' : feeText(c.earlyFeeCents), late: c.lateFeeCents === null ? '' : feeText(c.lateFeeCents), capacity: c.capacity === null ? '' : String(c.capacity), registrations: c.registrations })),
  );
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
      const optionalFee = (text: string, field: RowField, code: string) => {
        if (text.trim() === '') return null;
        const cents = feeCentsOf(text);
        if (cents === null) found[`${i}.${field}`] = code;
        return cents;
      };
      const earlyFeeCents = optionalFee(r.early, 'early', 'invalid_early_fee');
      const lateFeeCents = optionalFee(r.late, 'late', 'invalid_late_fee');
      const capacity = r.capacity.trim() === '' ? null : /^\d+$/.test(r.capacity.trim()) && Number(r.capacity) >= 1 ? Number(r.capacity) : Number.NaN;
      if (Number.isNaN(capacity)) found[`${i}.capacity`] = 'invalid_capacity';
      return { classId: r.classId, feeCents: feeCents ?? 0, earlyFeeCents, lateFeeCents, capacity };
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
          for (const issue of err.issues) {
            const field = FIELDS.find(([, name]) => name === issue.path[2])?.[0];
            if (issue.path[0] === 'classes' && issue.path.length === 3 && field) byField[`${issue.path[1]}.${field}`] = issue.code;
          }
          setProblems(byField);
          if (!Object.keys(byField).length) setProblem(err.issues[0]?.code ?? (err.apiCode && (t.has(`errors.${err.apiCode}`) || td.has(`errors.${err.apiCode}`)) ? err.apiCode : err.code));
        },
      },
    );
  };

  /** One typed field of row `r` (at `i`) with its refusal under it. */
  const feeField = (r: Row, i: number, field: RowField) => {
    const code = problems[`${i}.${field}`];
    const errorId = `${id}-${r.key}-${field}`;
    return (
      <label key={field} className={css.classField}>
        <span className={ui.label}>{t(field === 'fee' ? 'fee' : field === 'early' ? 'earlyFee' : field === 'late' ? 'lateFee' : 'capacity')}</span>
        <input
          className={ui.input}
          inputMode={field === 'capacity' ? 'numeric' : 'decimal'}
          value={r[field]}
          placeholder={field === 'capacity' ? t('noLimit') : field === 'fee' ? undefined : t('noFee')}
          onChange={(e) => change(r.key, { [field]: e.target.value })}
          aria-invalid={code ? true : undefined}
          aria-describedby={code ? errorId : undefined}
        />
        {code ? (
          <span id={errorId} className={css.rowError}>
            {message(code)}
          </span>
        ) : null}
      </label>
    );
  };

  return (
    <form noValidate onSubmit={submit} className={css.upload} aria-describedby={`${id}-status`} data-testid="desk-event-classes">
      {rows.length === 0 ? <p>{t('none')}</p> : null}
      <ul className={css.races}>
        {rows.map((r, i) => {
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
              {FIELDS.map(([field]) => feeField(r, i, field))}
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
            setRows((list) => [...list, { key: next, classId: unused[0]!.id, fee: '0.00', early: '', late: '', capacity: '', registrations: 0 }]);
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
