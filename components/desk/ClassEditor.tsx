'use client';
/**
 * An organization's classes on the desk (issue 24 "Classes of the organization: name, class
 * group, ages …, per organization"): its classes in a table, each with an Edit button, and one
 * form for a new class or the one being edited (name, class group, youngest and oldest age, who
 * may ride it, in English and, optionally, French and Spanish: issue 25). Plain checks before the call, the server checks again with the contract
 * (lib/contracts/desk-classes.ts); refusals under their field in the page's language.
 */
import { useTranslations } from 'next-intl';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Field } from '@/components/ui/Field';
import ui from '@/components/ui/ui.module.css';
import { useSaveDeskClass } from '@/lib/api/desk-classes';
import { useRouter } from '@/lib/i18n/navigation';
import css from './desk.module.css';

interface ClassRow {
  id: number;
  name: string;
  classGroup: string | null;
  description: string | null;
  descriptionFr: string | null;
  descriptionEs: string | null;
  minAge: number | null;
  maxAge: number | null;
  events: number;
  entries: number;
}

export interface ClassEditorProps {
  organization: { id: number; name: string };
  classes: ClassRow[];
  groups: string[];
}

type Values = { name: string; classGroup: string; description: string; descriptionFr: string; descriptionEs: string; minAge: string; maxAge: string };
const EMPTY: Values = { name: '', classGroup: '', description: '', descriptionFr: '', descriptionEs: '', minAge: '', maxAge: '' };
const valuesOf = (c: ClassRow): Values => ({
  name: c.name,
  classGroup: c.classGroup ?? '',
  description: c.description ?? '',
  descriptionFr: c.descriptionFr ?? '',
  descriptionEs: c.descriptionEs ?? '',
  minAge: c.minAge === null ? '' : String(c.minAge),
  maxAge: c.maxAge === null ? '' : String(c.maxAge),
});
/** '' → null, a whole number → it, else NaN (refused). */
const ageOf = (text: string) => (text.trim() === '' ? null : /^\d{1,2}$/.test(text.trim()) ? Number(text) : Number.NaN);

/** The editor (see the file's docstring). */
export function ClassEditor({ organization, classes, groups }: ClassEditorProps) {
  const t = useTranslations('desk.classes');
  const td = useTranslations('desk');
  const id = useId();
  const router = useRouter();
  const save = useSaveDeskClass();
  const formRef = useRef<HTMLFormElement>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const message = (code: string) => (t.has(`errors.${code}`) ? t(`errors.${code}`) : td.has(`errors.${code}`) ? td(`errors.${code}`) : t('errors.request_error'));
  const edit = (row: ClassRow | null) => {
    setEditing(row?.id ?? null);
    setValues(row ? valuesOf(row) : EMPTY);
    setErrors({});
    setFailure(null);
    setSaved(null);
    formRef.current?.querySelector('input')?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const minAge = ageOf(values.minAge);
    const maxAge = ageOf(values.maxAge);
    const found: Partial<Record<keyof Values, string>> = {};
    if (!values.name.trim()) found.name = 'null_name';
    if (Number.isNaN(minAge)) found.minAge = 'invalid_min_age';
    if (Number.isNaN(maxAge)) found.maxAge = 'invalid_max_age';
    else if (minAge !== null && maxAge !== null && maxAge < minAge) found.maxAge = 'invalid_max_age';
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    const input = {
      name: values.name.trim(),
      classGroup: values.classGroup.trim() || null,
      description: values.description.trim() || null,
      descriptionFr: values.descriptionFr.trim() || null,
      descriptionEs: values.descriptionEs.trim() || null,
      minAge,
      maxAge,
    };
    save.mutate(editing === null ? { id: null, organizationId: organization.id, input } : { id: editing, input }, {
      onSuccess: () => {
        setSaved(input.name);
        setEditing(null);
        setValues(EMPTY);
        router.refresh();
      },
      onError: (err) => {
        const byField: Partial<Record<keyof Values, string>> = {};
        for (const issue of err.issues) byField[issue.path[0] as keyof Values] = issue.code;
        setErrors(byField);
        if (!err.issues.length) setFailure(err.apiCode && (t.has(`errors.${err.apiCode}`) || td.has(`errors.${err.apiCode}`)) ? err.apiCode : err.code);
      },
    });
  };

  const input = (name: keyof Values, extra: Record<string, unknown> = {}) => (
    <Field id={`${id}-${name}`} label={t(`fields.${name}`)} required={name === 'name'} error={errors[name] ? message(errors[name]!) : undefined} hint={t.has(`fields.${name}Hint`) ? t(`fields.${name}Hint`) : undefined}>
      {(aria) => <input {...aria} className={ui.input} value={values[name]} onChange={(e) => setValues({ ...values, [name]: e.target.value })} {...extra} />}
    </Field>
  );

  return (
    <section aria-labelledby={`${id}-org`} className={css.orgClasses}>
      <h2 id={`${id}-org`} className={css.formTitle}>
        {organization.name}
      </h2>
      {classes.length === 0 ? (
        <p>{t('noClasses')}</p>
      ) : (
        <div className={ui.tableScroll} role="region" aria-label={t('tableLabel', { name: organization.name })} tabIndex={0}>
          <table className={ui.table}>
            <caption className="visually-hidden">{t('tableLabel', { name: organization.name })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('fields.name')}</th>
                <th scope="col">{t('fields.classGroup')}</th>
                <th scope="col">{t('ages')}</th>
                <th scope="col">{t('use')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('edit')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {classes.map((c) => (
                <tr key={c.id} aria-current={editing === c.id ? 'true' : undefined}>
                  <th scope="row">
                    {c.name}
                    {c.description ? <span className={css.muted}> — {c.description}</span> : null}
                  </th>
                  <td>{c.classGroup ?? '–'}</td>
                  <td>{c.minAge === null && c.maxAge === null ? t('anyAge') : c.maxAge === null ? t('ageFrom', { min: c.minAge ?? 0 }) : c.minAge === null ? t('ageTo', { max: c.maxAge }) : t('ageRange', { min: c.minAge, max: c.maxAge })}</td>
                  <td>{t('used', { events: c.events, entries: c.entries })}</td>
                  <td>
                    <button type="button" className={`${ui.button} ${ui.outlined}`} onClick={() => edit(c)} aria-label={t('editName', { name: c.name })}>
                      {t('edit')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form ref={formRef} noValidate onSubmit={submit} className={css.form} aria-labelledby={`${id}-form`}>
        <h3 id={`${id}-form`} className={css.subTitle}>
          {editing === null ? t('newClass') : t('editClass', { name: classes.find((c) => c.id === editing)?.name ?? '' })}
        </h3>
        {saved ? (
          <Alert severity="success" role="status">
            {t('savedClass', { name: saved })}
          </Alert>
        ) : null}
        {failure ? <Alert severity="error">{message(failure)}</Alert> : null}
        <div className={css.grid}>
          {input('name', { maxLength: 60, autoComplete: 'off' })}
          {input('classGroup', { maxLength: 60, list: `${id}-groups`, autoComplete: 'off' })}
          <datalist id={`${id}-groups`}>
            {groups.map((g) => (
              <option key={g} value={g} />
            ))}
          </datalist>
          {input('minAge', { inputMode: 'numeric', maxLength: 2 })}
          {input('maxAge', { inputMode: 'numeric', maxLength: 2 })}
          <div className={css.wide}>{input('description', { maxLength: 500 })}</div>
          <div className={css.wide}>{input('descriptionFr', { maxLength: 500, lang: 'fr' })}</div>
          <div className={css.wide}>{input('descriptionEs', { maxLength: 500, lang: 'es' })}</div>
        </div>
        <p className={css.actions}>
          <button type="submit" disabled={save.isPending} className={`${ui.button} ${ui.contained}`}>
            {save.isPending ? td('saving') : editing === null ? t('create') : td('save')}
          </button>
          {editing !== null ? (
            <button type="button" className={`${ui.button} ${ui.outlined}`} onClick={() => edit(null)}>
              {t('cancel')}
            </button>
          ) : null}
        </p>
      </form>
    </section>
  );
}
