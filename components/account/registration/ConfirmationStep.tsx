'use client';
/**
 * The Confirmation step (spec §4: review before creating): every value typed, grouped by step,
 * each group with an Edit button that opens its step (the stepper then comes back here), the
 * password never shown; Create Account sends the whole registration. A failure that names no
 * field ('Failed to register. Please try again.') shows above the button; nothing is lost.
 * Plain HTML: a bordered section per step, the values as a `<dl>` (two columns from 600 px).
 */
import { useLocale, useTranslations } from 'next-intl';
import { Fragment, type ReactNode } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Icon } from '@/components/ui/Icon';
import { EDIT } from '@/components/ui/icons/edit';
import ui from '@/components/ui/ui.module.css';
import { birthdayIso, isRealDate, normalizePostalCode } from '@/lib/contracts/account-rules';
import { formatDate } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { regionLabel } from '../fields/regions';
import css from './registration.module.css';
import { StepButtons, type StepNav } from './StepForm';
import type { BirthdayRaw, Draft, StepId } from './steps';

export interface ConfirmationStepProps {
  draft: Draft;
  /** The steps whose values are reviewed, in order. */
  steps: StepId[];
  onEdit: (step: StepId) => void;
  nav: StepNav;
  onCreate: () => void;
  /** A failure of the creation that belongs to no field, translated. */
  failure: string | null;
  /** The failure asks the family to contact the federation (409 `minor_in_other_family`): a link to the contact page follows it. */
  contact?: boolean;
}

type Row = [label: string, value: ReactNode];

export function ConfirmationStep({ draft, steps, onEdit, nav, onCreate, failure, contact }: ConfirmationStepProps) {
  const t = useTranslations('accountStepper');
  const tf = useTranslations('accountFields');
  const ta = useTranslations('account.errors');
  const locale = useLocale();
  const none = t('review.none');
  const v = (s: string | undefined | null) => (s && s.trim() ? s.trim() : none);
  const birthday = (b: BirthdayRaw) => {
    const date = { year: Number(b.year), month: Number(b.month), day: Number(b.day) };
    return isRealDate(date) ? formatDate(birthdayIso(date), locale) : none;
  };
  const gender = (g: string) => (g ? tf(g) : none);
  const relationship = (r: string) => (r ? tf(`relationships.${r}`) : none);
  const country = (c: string) => (c === 'CA' || c === 'US' ? tf(`countries.${c}`) : v(c));

  const info = draft.information;
  const person = (p: { firstName: string; lastName: string; gender: string; birthday: BirthdayRaw }): Row[] => [
    [tf('firstName'), v(p.firstName)],
    [tf('lastName'), v(p.lastName)],
    [tf('gender'), gender(p.gender)],
    [tf('birthday'), birthday(p.birthday)],
  ];

  const groups: Partial<Record<StepId, Row[]>> = {
    information: [
      [t('review.registeringMinor'), info.isRegisterMinor ? t('review.yes') : t('review.no')],
      ...person(info),
      [info.isRegisterMinor ? tf('minorPhone') : tf('phone'), v(info.phone)],
      ...(info.isRegisterMinor ? ([[tf('relationship'), relationship(info.relationship)], [tf('minorEmail'), v(info.email)]] as Row[]) : []),
    ],
    adult: [...person(draft.adult), [tf('phone'), v(draft.adult.phone)]],
    login: [
      [tf('email'), v(draft.login.email.toLowerCase())],
      [tf('password'), t('review.passwordHidden')],
    ],
    address: [
      [tf('address'), v(draft.address.address)],
      [tf('country'), country(draft.address.country)],
      [tf('state'), v(regionLabel(draft.address.country, draft.address.state, (code) => t(`provinces.${code}`)))],
      [tf('city'), v(draft.address.city)],
      [tf('zip'), v(normalizePostalCode(draft.address.zip))],
      [tf('area'), v(draft.address.area)],
    ],
    emergency: [
      [tf('emergencyFirstName'), v(draft.emergencyContact.firstName)],
      [tf('emergencyLastName'), v(draft.emergencyContact.lastName)],
      [tf('emergencyPhone'), v(draft.emergencyContact.phone)],
      [tf('emergencyCell'), v(draft.emergencyContact.cell)],
      [tf('emergencyEmail'), v(draft.emergencyContact.email)],
    ],
  };

  const rows = (list: Row[]) => (
    <dl className={css.values}>
      {list.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );

  const section = (step: StepId, body: ReactNode) => (
    <section className={`${ui.outlinedPaper} ${css.section}`} key={step} aria-labelledby={`review-${step}`}>
      <div className={css.sectionHead}>
        <h3 className={`${ui.h6} ${css.sectionTitle}`} id={`review-${step}`}>
          {t(`steps.${step}`)}
        </h3>
        <button
          type="button"
          className={`${ui.button} ${ui.small} ${ui.upper}`}
          onClick={() => onEdit(step)}
          aria-label={t('review.editStep', { step: t(`steps.${step}`) })}
          disabled={!nav.ready || nav.busy}
        >
          <Icon path={EDIT} size={18} />
          {t('edit')}
        </button>
      </div>
      {body}
    </section>
  );

  return (
    <div>
      <div className={css.review}>
        {steps.map((step) => {
          if (step === 'minors') {
            return section(
              step,
              draft.children.length ? (
                <div className={css.reviewMinors}>
                  {draft.children.map((m, i) => (
                    <div key={i}>
                      <h4 className={css.minorName}>{`${m.firstName} ${m.lastName}`.trim()}</h4>
                      {rows([
                        [tf('gender'), gender(m.gender)],
                        [tf('birthday'), birthday(m.birthday)],
                        [tf('relationship'), relationship(m.relationship)],
                        [tf('minorEmail'), v(m.email)],
                        [tf('minorPhone'), v(m.phone)],
                      ])}
                    </div>
                  ))}
                </div>
              ) : (
                <p className={css.muted}>{t('minors.none')}</p>
              ),
            );
          }
          const list = groups[step];
          return list ? section(step, rows(list)) : null;
        })}
      </div>
      {failure ? (
        <Alert severity="error" role="alert" className={css.failure}>
          {failure}
          {contact ? (
            <>
              {' '}
              <Link href="/contact-us">{ta('contactFederation')}</Link>
            </>
          ) : null}
        </Alert>
      ) : null}
      <StepButtons nav={nav} onNext={onCreate} t={t} />
    </div>
  );
}
