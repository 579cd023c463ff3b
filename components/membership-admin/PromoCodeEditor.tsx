'use client';
/**
 * The promo codes for the federation admin (issue 26 "promo codes (percent or amount, dates,
 * usage limits, what they apply to)"): every code in a table (the code stays in place on a phone
 * while the other columns scroll) with its discount ("10 %", "$5.00"), days, uses so far against
 * its limit, per-buyer limit, what it applies to and the organization or event it is limited to;
 * one form for a new code or the one being edited. Checked with the contract the server checks it
 * with (lib/contracts/membership-admin.ts) before the call; refusals show under their field in
 * the page's language (a code that exists in another case, under the code). A code orders were
 * priced with keeps its kind and discount: those two fields are locked, the rest may change.
 */
import { useLocale, useTranslations } from 'next-intl';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Field, FieldSet } from '@/components/ui/Field';
import ui from '@/components/ui/ui.module.css';
import { useSavePromoCode } from '@/lib/api/membership-admin';
import { centsText, membershipAdminIssues, percentText, PROMO_APPLIES_TO, PROMO_CODE_KINDS, promoCodeInput, type AdminPromoCode, type PromoAppliesTo, type PromoCodeKind } from '@/lib/contracts/membership-admin';
import { formatCents, formatDate } from '@/lib/format';
import { useRouter } from '@/lib/i18n/navigation';
import css from './membership-admin.module.css';

/** A code as the page passes it (lib/server/membership-admin `listPromoCodes`). */
export type PromoCodeRow = AdminPromoCode;

export interface PromoCodeEditorProps {
  codes: PromoCodeRow[];
  organizations: { id: number; name: string }[];
  events: { id: number; name: string; startDate: string }[];
}

type Values = {
  code: string;
  kind: PromoCodeKind;
  value: string;
  validFrom: string;
  validTo: string;
  maxUses: string;
  maxUsesPerBuyer: string;
  appliesTo: PromoAppliesTo[];
  organizationId: string;
  eventId: string;
};
type TextKey = 'code' | 'value' | 'validFrom' | 'validTo' | 'maxUses' | 'maxUsesPerBuyer';
const EMPTY: Values = { code: '', kind: 'percent', value: '', validFrom: '', validTo: '', maxUses: '', maxUsesPerBuyer: '', appliesTo: ['membership'], organizationId: '', eventId: '' };
const text = (n: number | null) => (n === null ? '' : String(n));

/** The editor (see the file's docstring). */
export function PromoCodeEditor({ codes, organizations, events }: PromoCodeEditorProps) {
  const t = useTranslations('membershipAdmin.promo');
  const te = useTranslations('membershipAdmin.errors');
  const locale = useLocale();
  const id = useId();
  const router = useRouter();
  const save = useSavePromoCode();
  const formRef = useRef<HTMLFormElement>(null);
  const [editing, setEditing] = useState<PromoCodeRow | null>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const locked = editing !== null && editing.orders > 0;

  const message = (code: string) => (te.has(code) ? te(code) : te('request_error'));
  const edit = (row: PromoCodeRow | null) => {
    setEditing(row);
    setValues(
      row
        ? {
            code: row.code,
            kind: row.kind,
            value: row.kind === 'percent' ? percentText(row.value, locale) : centsText(row.value, locale),
            validFrom: row.validFrom ?? '',
            validTo: row.validTo ?? '',
            maxUses: text(row.maxUses),
            maxUsesPerBuyer: text(row.maxUsesPerBuyer),
            appliesTo: row.appliesTo,
            organizationId: text(row.organizationId),
            eventId: text(row.eventId),
          }
        : EMPTY,
    );
    setErrors({});
    setFailure(null);
    setDone(null);
    formRef.current?.querySelector('input')?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setDone(null);
    const checked = promoCodeInput.safeParse(values);
    const found: Partial<Record<keyof Values, string>> = {};
    if (!checked.success) for (const issue of membershipAdminIssues(checked.error)) found[issue.path[0] as keyof Values] = issue.code;
    setErrors(found);
    if (!checked.success) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid]')?.focus();
      return;
    }
    const name = checked.data.code;
    save.mutate(
      { id: editing?.id ?? null, input: values },
      {
        onSuccess: () => {
          setDone(t('saved', { name }));
          setEditing(null);
          setValues(EMPTY);
          router.refresh();
        },
        onError: (err) => {
          const byField: Partial<Record<keyof Values, string>> = {};
          for (const issue of err.issues) byField[issue.path[0] as keyof Values] = issue.code;
          // Refusals that belong to one field show under it.
          if (err.apiCode === 'promo_code_exists') byField.code = err.apiCode;
          if (err.apiCode === 'promo_code_used') byField.value = err.apiCode;
          setErrors(byField);
          setFailure(Object.keys(byField).length ? null : err.apiCode && te.has(err.apiCode) ? err.apiCode : err.code);
        },
      },
    );
  };

  const field = (name: TextKey, extra: Record<string, unknown> = {}, hint?: string) => (
    <Field id={`${id}-${name}`} label={t(`fields.${name}`)} required={name === 'code' || name === 'value'} error={errors[name] ? message(errors[name]!) : undefined} hint={hint}>
      {(aria) => <input {...aria} className={ui.input} value={values[name]} onChange={(e) => setValues({ ...values, [name]: e.target.value })} {...extra} />}
    </Field>
  );
  const discount = (r: PromoCodeRow) => (r.kind === 'percent' ? t('percentValue', { value: percentText(r.value, locale) }) : formatCents(r.value, locale));
  const day = (d: string | null) => (d ? formatDate(d, locale) : t('open'));
  const toggle = (kind: PromoAppliesTo, on: boolean) => setValues({ ...values, appliesTo: on ? PROMO_APPLIES_TO.filter((k) => k === kind || values.appliesTo.includes(k)) : values.appliesTo.filter((k) => k !== kind) });

  return (
    <div>
      {done ? (
        <Alert severity="success" role="status">
          {done}
        </Alert>
      ) : null}
      {failure ? <Alert severity="error">{message(failure)}</Alert> : null}
      {codes.length === 0 ? (
        <p>{t('none')}</p>
      ) : (
        <div className={ui.tableScroll} role="region" aria-label={t('tableLabel')} tabIndex={0}>
          <table className={`${ui.table} ${css.table}`}>
            <caption className="visually-hidden">{t('tableLabel')}</caption>
            <thead>
              <tr>
                <th scope="col" className={css.sticky}>
                  {t('code')}
                </th>
                <th scope="col" className={ui.num}>
                  {t('value')}
                </th>
                <th scope="col">{t('validFrom')}</th>
                <th scope="col">{t('validTo')}</th>
                <th scope="col" className={ui.num}>
                  {t('uses')}
                </th>
                <th scope="col" className={ui.num}>
                  {t('perBuyer')}
                </th>
                <th scope="col">{t('appliesTo')}</th>
                <th scope="col">{t('limitedTo')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('edit')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {codes.map((r) => (
                <tr key={r.id} aria-current={editing?.id === r.id ? 'true' : undefined}>
                  <th scope="row" className={css.sticky}>
                    {r.code}
                  </th>
                  <td className={`${ui.num} ${css.nowrap}`}>{discount(r)}</td>
                  <td className={css.nowrap}>{day(r.validFrom)}</td>
                  <td className={css.nowrap}>{day(r.validTo)}</td>
                  <td className={`${ui.num} ${css.nowrap}`}>{r.maxUses === null ? t('usesNoLimit', { uses: r.usesSoFar }) : t('usesOf', { uses: r.usesSoFar, max: r.maxUses })}</td>
                  <td className={ui.num}>{r.maxUsesPerBuyer === null ? t('noLimit') : r.maxUsesPerBuyer}</td>
                  <td>{r.appliesTo.map((k) => t(`purchases.${k}`)).join(', ')}</td>
                  <td>{r.organizationName ?? r.eventName ?? t('any')}</td>
                  <td>
                    <button type="button" className={`${ui.button} ${ui.outlined}`} onClick={() => edit(r)} aria-label={t('editName', { name: r.code })}>
                      {t('edit')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form ref={formRef} noValidate onSubmit={submit} className={css.form} aria-labelledby={`${id}-form`} aria-busy={save.isPending}>
        <h2 id={`${id}-form`} className={css.formTitle}>
          {editing === null ? t('newCode') : t('editCode', { name: editing.code })}
        </h2>
        {locked ? (
          <Alert severity="info" role="none">
            {t('locked')}
          </Alert>
        ) : null}
        <div className={css.grid}>
          {field('code', { maxLength: 32, autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false }, t('fields.codeHint'))}
          <Field id={`${id}-kind`} label={t('fields.kind')} error={errors.kind ? message(errors.kind) : undefined}>
            {(aria) => (
              <select {...aria} className={ui.select} value={values.kind} disabled={locked} onChange={(e) => setValues({ ...values, kind: e.target.value as PromoCodeKind })}>
                {PROMO_CODE_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(`kinds.${k}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {field('value', { inputMode: 'decimal', autoComplete: 'off', maxLength: 20, readOnly: locked }, values.kind === 'percent' ? t('fields.valuePercentHint') : t('fields.valueAmountHint'))}
          <FieldSet id={`${id}-appliesTo`} label={t('fields.appliesTo')} required error={errors.appliesTo ? message(errors.appliesTo) : undefined}>
            {(group) => (
              <div className={css.checks}>
                {PROMO_APPLIES_TO.map((k) => (
                  <label key={k} className={ui.choice}>
                    <input type="checkbox" checked={values.appliesTo.includes(k)} onChange={(e) => toggle(k, e.target.checked)} aria-describedby={group.describedBy} aria-invalid={group.invalid || undefined} />
                    {t(`purchases.${k}`)}
                  </label>
                ))}
              </div>
            )}
          </FieldSet>
          {field('validFrom', { type: 'date' }, t('fields.dayHint'))}
          {field('validTo', { type: 'date' }, t('fields.dayHint'))}
          {field('maxUses', { inputMode: 'numeric', maxLength: 7 }, t('fields.usesHint'))}
          {field('maxUsesPerBuyer', { inputMode: 'numeric', maxLength: 7 }, t('fields.usesHint'))}
          <Field id={`${id}-organizationId`} label={t('fields.organization')} error={errors.organizationId ? message(errors.organizationId) : undefined} hint={t('fields.targetHint')}>
            {(aria) => (
              <select {...aria} className={ui.select} value={values.organizationId} onChange={(e) => setValues({ ...values, organizationId: e.target.value })}>
                <option value="">{t('fields.anyOrganization')}</option>
                {organizations.map((o) => (
                  <option key={o.id} value={String(o.id)}>
                    {o.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id={`${id}-eventId`} label={t('fields.event')} error={errors.eventId ? message(errors.eventId) : undefined} hint={t('fields.targetHint')}>
            {(aria) => (
              <select {...aria} className={ui.select} value={values.eventId} onChange={(e) => setValues({ ...values, eventId: e.target.value })}>
                <option value="">{t('fields.anyEvent')}</option>
                {events.map((ev) => (
                  <option key={ev.id} value={String(ev.id)}>
                    {`${ev.name} (${formatDate(ev.startDate, locale)})`}
                  </option>
                ))}
              </select>
            )}
          </Field>
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
    </div>
  );
}
