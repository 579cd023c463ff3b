'use client';
/**
 * One record's texts on the desk (issue 25 "French and Spanish data: descriptions of … clubs,
 * organizations and membership types per language (the desk edits them; English fallback)"): a
 * club's, an organization's or a membership type's name in French and Spanish (the English name
 * shown, not edited) and its description in English, French and Spanish, in one form. Lengths
 * are held by the fields; the server checks again with the contract (lib/contracts/desk-texts.ts)
 * and its refusals show under their field in the page's language.
 */
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Field } from '@/components/ui/Field';
import ui from '@/components/ui/ui.module.css';
import { useSaveDeskTexts, type DeskTextsKind } from '@/lib/api/desk-texts';
import type { DeskTextsRow } from '@/lib/contracts/desk-texts';
import { Link } from '@/lib/i18n/navigation';
import css from './desk.module.css';

export interface TextsEditorProps {
  kind: DeskTextsKind;
  record: DeskTextsRow;
  /** The longest description the server takes (TEXT_LIMITS). */
  descriptionMax: number;
  nameMax: number;
  /** The record's public page, when it has one. */
  href?: string;
  /** The heading level of the record's name (3 for a club or an organization, 4 for a membership type). */
  level: 3 | 4;
}

type Name = 'nameFr' | 'nameEs' | 'description' | 'descriptionFr' | 'descriptionEs';
type Values = Record<Name, string>;
const valuesOf = (r: DeskTextsRow): Values => ({ nameFr: r.nameFr ?? '', nameEs: r.nameEs ?? '', description: r.description ?? '', descriptionFr: r.descriptionFr ?? '', descriptionEs: r.descriptionEs ?? '' });
const LANG: Partial<Record<Name, string>> = { nameFr: 'fr', nameEs: 'es', descriptionFr: 'fr', descriptionEs: 'es' };

/** The form (see the file's docstring). */
export function TextsEditor({ kind, record, descriptionMax, nameMax, href, level }: TextsEditorProps) {
  const t = useTranslations('desk.texts');
  const td = useTranslations('desk');
  const id = useId();
  const save = useSaveDeskTexts();
  const [values, setValues] = useState<Values>(() => valuesOf(record));
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<'saved' | 'unchanged' | null>(null);
  const Heading = level === 3 ? 'h3' : 'h4';

  const message = (code: string) => (t.has(`errors.${code}`) ? t(`errors.${code}`) : t('errors.request_error'));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFailure(null);
    setDone(null);
    const text = (name: Name) => values[name].trim() || null;
    const input = { nameFr: text('nameFr'), nameEs: text('nameEs'), description: text('description'), descriptionFr: text('descriptionFr'), descriptionEs: text('descriptionEs') };
    save.mutate(
      { kind, id: record.id, input },
      {
        onSuccess: (changed) => {
          setValues({ nameFr: input.nameFr ?? '', nameEs: input.nameEs ?? '', description: input.description ?? '', descriptionFr: input.descriptionFr ?? '', descriptionEs: input.descriptionEs ?? '' });
          setDone(changed ? 'saved' : 'unchanged');
        },
        onError: (err) => {
          const byField: Partial<Record<Name, string>> = {};
          for (const issue of err.issues) byField[issue.path[0] as Name] = issue.code;
          setErrors(byField);
          if (!err.issues.length) setFailure(err.apiCode && t.has(`errors.${err.apiCode}`) ? err.apiCode : err.code);
        },
      },
    );
  };

  const field = (name: Name) => {
    const long = name.startsWith('description');
    return (
      <div className={long ? css.wide : undefined}>
        <Field id={`${id}-${name}`} label={t(`fields.${name}`)} error={errors[name] ? message(errors[name]!) : undefined} hint={t(`fields.${name}Hint`)}>
          {(aria) =>
            long ? (
              <textarea {...aria} className={`${ui.input} ${ui.textarea}`} rows={kind === 'membershipType' ? 3 : 5} maxLength={descriptionMax} lang={LANG[name]} value={values[name]} onChange={(e) => setValues({ ...values, [name]: e.target.value })} />
            ) : (
              <input {...aria} className={ui.input} maxLength={nameMax} lang={LANG[name]} autoComplete="off" value={values[name]} onChange={(e) => setValues({ ...values, [name]: e.target.value })} />
            )
          }
        </Field>
      </div>
    );
  };

  return (
    <form noValidate onSubmit={submit} className={css.form} aria-labelledby={`${id}-name`} data-testid={`desk-texts-${kind}-${record.id}`}>
      <div className={css.textsHead}>
        <Heading id={`${id}-name`} className={css.subTitle}>
          {record.name}
        </Heading>
        {href ? <Link href={href}>{t('viewPage', { name: record.name })}</Link> : null}
      </div>
      <p className={css.muted}>{t('englishName', { name: record.name })}</p>
      {done ? (
        <Alert severity="success" role="status">
          {t(done)}
        </Alert>
      ) : null}
      {failure ? <Alert severity="error">{message(failure)}</Alert> : null}
      <div className={css.grid}>
        {field('nameFr')}
        {field('nameEs')}
        {field('description')}
        {field('descriptionFr')}
        {field('descriptionEs')}
      </div>
      <p className={css.actions}>
        <button type="submit" disabled={save.isPending} className={`${ui.button} ${ui.contained}`}>
          {save.isPending ? td('saving') : t('save')}
        </button>
      </p>
    </form>
  );
}
