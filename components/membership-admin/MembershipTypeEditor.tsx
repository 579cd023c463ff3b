'use client';
/**
 * One organization's membership types for the federation admin (issue 26 "Types … per
 * organization (name, price, validity season or one event, age limits, family type, description
 * per language), edited by a federation admin"): its types in a table (the name stays in place on
 * a phone while the other columns scroll), each with Edit and Delete, and one form for a new type
 * or the one being edited. The form is checked with the contract the server checks it with
 * (lib/contracts/membership-admin.ts) before the call; refusals show under their field in the
 * page's language; a type in use cannot be deleted (`membership_type_in_use`).
 */
import { useLocale, useTranslations } from 'next-intl';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Field } from '@/components/ui/Field';
import ui from '@/components/ui/ui.module.css';
import { useDeleteMembershipType, useSaveMembershipType } from '@/lib/api/membership-admin';
import { centsText, membershipAdminIssues, membershipTypeInput, MEMBERSHIP_ADMIN_LIMITS, MEMBERSHIP_VALIDITIES, type AdminMembershipType, type MembershipValidity } from '@/lib/contracts/membership-admin';
import { formatCents } from '@/lib/format';
import { Link, useRouter } from '@/lib/i18n/navigation';
import css from './membership-admin.module.css';

/** A type as the page passes it (lib/server/membership-admin `listAdminMembershipTypes`). */
export type MembershipTypeRow = AdminMembershipType;

export interface MembershipTypeEditorProps {
  organization: { id: number; name: string };
  types: MembershipTypeRow[];
}

type Values = {
  name: string;
  nameFr: string;
  nameEs: string;
  description: string;
  descriptionFr: string;
  descriptionEs: string;
  price: string;
  validity: MembershipValidity;
  minAge: string;
  maxAge: string;
  family: boolean;
  sortOrder: string;
};
type TextKey = Exclude<keyof Values, 'family' | 'validity'>;
const EMPTY: Values = { name: '', nameFr: '', nameEs: '', description: '', descriptionFr: '', descriptionEs: '', price: '', validity: 'season', minAge: '', maxAge: '', family: false, sortOrder: '' };
const text = (n: number | null) => (n === null ? '' : String(n));

/** The editor (see the file's docstring). */
export function MembershipTypeEditor({ organization, types }: MembershipTypeEditorProps) {
  const t = useTranslations('membershipAdmin.types');
  const te = useTranslations('membershipAdmin.errors');
  const locale = useLocale();
  const id = useId();
  const router = useRouter();
  const save = useSaveMembershipType();
  const remove = useDeleteMembershipType();
  const formRef = useRef<HTMLFormElement>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const message = (code: string) => (te.has(code) ? te(code) : te('request_error'));
  const edit = (row: MembershipTypeRow | null) => {
    setEditing(row?.id ?? null);
    setValues(
      row
        ? {
            name: row.name,
            nameFr: row.nameFr ?? '',
            nameEs: row.nameEs ?? '',
            description: row.description ?? '',
            descriptionFr: row.descriptionFr ?? '',
            descriptionEs: row.descriptionEs ?? '',
            price: centsText(row.priceCents, locale),
            validity: row.validity,
            minAge: text(row.minAge),
            maxAge: text(row.maxAge),
            family: row.family,
            sortOrder: String(row.sortOrder),
          }
        : EMPTY,
    );
    setErrors({});
    setFailure(null);
    setDone(null);
    formRef.current?.querySelector('input')?.focus();
  };
  const refused = (err: { issues: { path: (string | number)[]; code: string }[]; apiCode: string | null; code: string }) => {
    const byField: Partial<Record<keyof Values, string>> = {};
    for (const issue of err.issues) byField[issue.path[0] as keyof Values] = issue.code;
    setErrors(byField);
    setFailure(err.issues.length ? null : err.apiCode && te.has(err.apiCode) ? err.apiCode : err.code);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setDone(null);
    const checked = membershipTypeInput.safeParse(values);
    const found: Partial<Record<keyof Values, string>> = {};
    if (!checked.success) for (const issue of membershipAdminIssues(checked.error)) found[issue.path[0] as keyof Values] = issue.code;
    setErrors(found);
    if (!checked.success) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid]')?.focus();
      return;
    }
    const name = checked.data.name;
    save.mutate(editing === null ? { id: null, organizationId: organization.id, input: values } : { id: editing, input: values }, {
      onSuccess: () => {
        setDone(t('saved', { name }));
        setEditing(null);
        setValues(EMPTY);
        router.refresh();
      },
      onError: refused,
    });
  };

  const destroy = (row: MembershipTypeRow) => {
    if (!window.confirm(t('confirmDelete', { name: row.name }))) return;
    setFailure(null);
    setDone(null);
    remove.mutate(row.id, {
      onSuccess: () => {
        setDone(t('deleted', { name: row.name }));
        if (editing === row.id) edit(null);
        router.refresh();
      },
      onError: (err) => setFailure(err.apiCode && te.has(err.apiCode) ? err.apiCode : err.code),
    });
  };

  const field = (name: TextKey, extra: Record<string, unknown> = {}, hint?: string) => (
    <Field id={`${id}-${name}`} label={t(`fields.${name}`)} required={name === 'name' || name === 'price'} error={errors[name] ? message(errors[name]!) : undefined} hint={hint}>
      {(aria) => <input {...aria} className={ui.input} value={values[name]} onChange={(e) => setValues({ ...values, [name]: e.target.value })} {...extra} />}
    </Field>
  );
  const area = (name: 'description' | 'descriptionFr' | 'descriptionEs', lang?: string) => (
    <Field id={`${id}-${name}`} label={t(`fields.${name}`)} error={errors[name] ? message(errors[name]!) : undefined} hint={name === 'description' ? t('fields.descriptionHint') : t('fields.translationHint')}>
      {(aria) => <textarea {...aria} className={`${ui.input} ${ui.textarea}`} rows={3} maxLength={MEMBERSHIP_ADMIN_LIMITS.description} lang={lang} value={values[name]} onChange={(e) => setValues({ ...values, [name]: e.target.value })} />}
    </Field>
  );
  const ages = (r: MembershipTypeRow) =>
    r.minAge === null && r.maxAge === null ? t('anyAge') : r.maxAge === null ? t('ageFrom', { min: r.minAge ?? 0 }) : r.minAge === null ? t('ageTo', { max: r.maxAge }) : t('ageRange', { min: r.minAge, max: r.maxAge });

  return (
    <section aria-labelledby={`${id}-org`} className={css.org}>
      <div className={css.orgHead}>
        <h2 id={`${id}-org`} className={css.orgTitle}>
          {organization.name}
        </h2>
        {/* The organization's classes: the desk's editor (admins see every organization there). */}
        <Link href="/desk/classes" aria-label={`${t('editClasses')} – ${organization.name}`}>
          {t('editClasses')}
        </Link>
      </div>
      {done ? (
        <Alert severity="success" role="status">
          {done}
        </Alert>
      ) : null}
      {failure ? <Alert severity="error">{message(failure)}</Alert> : null}
      {types.length === 0 ? (
        <p>{t('noTypes')}</p>
      ) : (
        <div className={ui.tableScroll} role="region" aria-label={t('tableLabel', { name: organization.name })} tabIndex={0}>
          <table className={`${ui.table} ${css.table}`}>
            <caption className="visually-hidden">{t('tableLabel', { name: organization.name })}</caption>
            <thead>
              <tr>
                <th scope="col" className={css.sticky}>
                  {t('fields.name')}
                </th>
                <th scope="col" className={ui.num}>
                  {t('price')}
                </th>
                <th scope="col">{t('validity')}</th>
                <th scope="col">{t('ages')}</th>
                <th scope="col">{t('family')}</th>
                <th scope="col" className={ui.num}>
                  {t('sortOrder')}
                </th>
                <th scope="col">{t('use')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('edit')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {types.map((r) => (
                <tr key={r.id} aria-current={editing === r.id ? 'true' : undefined}>
                  <th scope="row" className={css.sticky}>
                    {r.name}
                  </th>
                  <td className={`${ui.num} ${css.nowrap}`}>{formatCents(r.priceCents, locale)}</td>
                  <td>{t(`validities.${r.validity}`)}</td>
                  <td className={css.nowrap}>{ages(r)}</td>
                  <td>{r.family ? t('yes') : t('no')}</td>
                  <td className={ui.num}>{r.sortOrder}</td>
                  <td>{t('used', { memberships: r.memberships, lines: r.orderLines })}</td>
                  <td>
                    <span className={css.rowActions}>
                      <button type="button" className={`${ui.button} ${ui.outlined}`} onClick={() => edit(r)} aria-label={t('editName', { name: r.name })}>
                        {t('edit')}
                      </button>
                      <button type="button" className={`${ui.button} ${ui.outlined}`} onClick={() => destroy(r)} disabled={remove.isPending} aria-label={t('deleteName', { name: r.name })}>
                        {t('delete')}
                      </button>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form ref={formRef} noValidate onSubmit={submit} className={css.form} aria-labelledby={`${id}-form`} aria-busy={save.isPending}>
        <h3 id={`${id}-form`} className={css.formTitle}>
          {editing === null ? t('newType') : t('editType', { name: types.find((r) => r.id === editing)?.name ?? '' })}
        </h3>
        <div className={css.grid}>
          {field('name', { maxLength: MEMBERSHIP_ADMIN_LIMITS.name, autoComplete: 'off' })}
          {field('price', { inputMode: 'decimal', autoComplete: 'off', maxLength: 20 }, t('fields.priceHint'))}
          {field('nameFr', { maxLength: MEMBERSHIP_ADMIN_LIMITS.name, lang: 'fr', autoComplete: 'off' }, t('fields.translationHint'))}
          {field('nameEs', { maxLength: MEMBERSHIP_ADMIN_LIMITS.name, lang: 'es', autoComplete: 'off' }, t('fields.translationHint'))}
          <Field id={`${id}-validity`} label={t('fields.validity')} error={errors.validity ? message(errors.validity) : undefined}>
            {(aria) => (
              <select {...aria} className={ui.select} value={values.validity} onChange={(e) => setValues({ ...values, validity: e.target.value as MembershipValidity })}>
                {MEMBERSHIP_VALIDITIES.map((v) => (
                  <option key={v} value={v}>
                    {t(`validities.${v}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {field('sortOrder', { inputMode: 'numeric', maxLength: 4 }, t('fields.sortOrderHint'))}
          {field('minAge', { inputMode: 'numeric', maxLength: 2 }, t('fields.ageHint'))}
          {field('maxAge', { inputMode: 'numeric', maxLength: 2 }, t('fields.ageHint'))}
          <div className={css.wide}>
            <label className={ui.choice}>
              <input type="checkbox" checked={values.family} onChange={(e) => setValues({ ...values, family: e.target.checked })} aria-describedby={`${id}-family-hint`} />
              {t('fields.family')}
            </label>
            <p id={`${id}-family-hint`} className={css.muted}>
              {t('fields.familyHint')}
            </p>
          </div>
          <div className={css.wide}>{area('description')}</div>
          <div className={css.wide}>{area('descriptionFr', 'fr')}</div>
          <div className={css.wide}>{area('descriptionEs', 'es')}</div>
        </div>
        <p className={css.actions}>
          <button type="submit" disabled={save.isPending} className={`${ui.button} ${ui.contained}`}>
            {save.isPending ? t('saving') : editing === null ? t('create') : t('save')}
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
