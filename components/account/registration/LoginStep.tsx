'use client';
/**
 * The Login data step (spec §4, §5 Email and Password): the email and the password, each typed
 * twice (`loginDataStep`). When registering a minor whose own email was given, the login email
 * must differ from it (`invalid_minor_email`). An email that already has an account comes back
 * here as 'Email is already registered' with links to log in and to reset the password.
 */
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { useFormState } from 'react-hook-form';
import { Alert } from '@/components/ui/Alert';
import { ACCOUNT_LIMITS } from '@/lib/contracts/account-rules';
import { lazyResolver } from '@/lib/forms/lazy-resolver';
import { Link } from '@/lib/i18n/navigation';
import { PasswordField } from '../fields/PasswordField';
import { TextInput } from '../fields/TextInput';
import css from './registration.module.css';
import { StepForm, stepSubmit, useStepForm, type StepNav } from './StepForm';
import type { LoginRaw, PlacedIssue } from './steps';

export interface LoginStepProps {
  headingId: string;
  values: LoginRaw;
  issues: PlacedIssue[];
  nav: StepNav;
  /** The minor's own email (Information step), which the login email must differ from. */
  minorEmail: string | null;
  onNext: (values: LoginRaw) => void;
  onChange: (values: LoginRaw) => void;
}

export function LoginStep({ headingId, values, issues, nav, minorEmail, onNext, onChange }: LoginStepProps) {
  const t = useTranslations('accountStepper');
  const tf = useTranslations('accountFields');
  // `loginDataStep` and the minor's email rule (./schemas.ts), fetched on the form's first focus (issue 23).
  const resolver = useMemo(() => lazyResolver(() => import('./schemas').then((m) => m.loginResolver(minorEmail))), [minorEmail]);
  const { control, handleSubmit, getValues } = useStepForm(resolver, values, issues, onChange);
  const { errors } = useFormState({ control, name: 'email' });
  const taken = errors.email?.message === 'email_taken';

  const emailProps = {
    type: 'email' as const,
    inputMode: 'email' as const,
    required: true,
    maxLength: ACCOUNT_LIMITS.email.max,
    htmlInput: { autoCapitalize: 'none', spellCheck: false },
  };
  return (
    <StepForm
      labelledBy={headingId}
      nav={nav}
      preload={resolver}
      onSubmit={stepSubmit(handleSubmit, () => onNext(getValues()))}
    >
      <TextInput control={control} name="email" label={tf('email')} autoComplete="email" {...emailProps} />
      {taken ? (
        <Alert severity="warning" role="alert">
          {t('emailTakenHelp')}{' '}
          <span className={css.inlineLinks}>
            <Link href="/login">{t('logIn')}</Link>
            <Link href="/forgotPassword">{t('forgotPassword')}</Link>
          </span>
        </Alert>
      ) : null}
      <TextInput control={control} name="emailConfirmation" label={tf('emailConfirmation')} autoComplete="email" {...emailProps} />
      <PasswordField control={control} name="password" hint={tf('passwordHint')} />
      <PasswordField control={control} name="passwordConfirmation" label={tf('passwordConfirmation')} />
    </StepForm>
  );
}
