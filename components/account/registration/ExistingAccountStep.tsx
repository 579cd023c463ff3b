'use client';
/**
 * The Existing Account step (spec §4, shown only when the check or the server found a likely
 * duplicate: same name and date of birth; §8 'It looks like you may already have an account'
 * with the guidance to use the existing account, reset its password, or add a surname
 * initial). Back to change the details; Skip to create the account anyway
 * (`acknowledgeDuplicate`).
 */
import { useTranslations } from 'next-intl';
import { Alert } from '@/components/ui/Alert';
import { Link } from '@/lib/i18n/navigation';
import css from './registration.module.css';
import { StepButtons, type StepNav } from './StepForm';

export function ExistingAccountStep({ nav }: { nav: StepNav }) {
  const t = useTranslations('accountStepper');
  return (
    <div>
      <Alert severity="warning" title={t('existing.title')}>
        {t('existing.body')}
      </Alert>
      <ul className={css.guidance}>
        <li>
          <p>
            {t('existing.useExisting')} <Link href="/login">{t('logIn')}</Link>
          </p>
        </li>
        <li>
          <p>
            {t('existing.forgot')} <Link href="/forgotPassword">{t('forgotPassword')}</Link>
          </p>
        </li>
        <li>
          <p>{t('existing.another')}</p>
        </li>
      </ul>
      <p className={css.muted}>{t('existing.skipHint')}</p>
      <StepButtons nav={nav} t={t} />
    </div>
  );
}
