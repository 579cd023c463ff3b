'use client';
/**
 * Changing the login email (issue 22): the new address and the current password, checked with
 * `changeEmailInput`, sent with `useChangeEmail` (POST /ll/api/v1/users/current/email) in the
 * page's language. Refusals land on their fields (`same_email`, `email_taken` on the new
 * address, `wrong_password` on the password); success says where the link went and that the
 * email stays the current one until the link is opened. Plain HTML (issue 23).
 */
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { EmailField } from '@/components/account/fields/EmailField';
import { PasswordField } from '@/components/account/fields/PasswordField';
import { Alert } from '@/components/ui/Alert';
import { Icon } from '@/components/ui/Icon';
import { ALTERNATE_EMAIL } from '@/components/ui/icons/alternate-email';
import ui from '@/components/ui/ui.module.css';
import { useChangeEmail } from '@/lib/api/account';
import type { Locale } from '@/lib/config';
import type { ChangeEmailFields, ChangeEmailInput } from '@/lib/contracts/account';
import { lazyResolver, preloadOn } from '@/lib/forms/lazy-resolver';
import styles from '../profile/account.module.css';
import { applyIssues, useFailureText } from '../profile/call-errors';
import { FocusAlert } from '../profile/FocusAlert';

const FIELDS = ['newEmail', 'password'] as const;

/** `changeEmailInput` through `zodResolver` (./schemas.ts), fetched on the form's first focus (issue 23). */
const resolver = lazyResolver(() => import('./schemas').then((m) => m.changeEmailResolver));

export function ChangeEmailForm({ current }: { current: string }) {
  const t = useTranslations('account.security');
  const locale = useLocale() as Locale;
  const change = useChangeEmail();
  const failureText = useFailureText();
  const doneRef = useRef<HTMLDivElement>(null);
  const { control, handleSubmit, setError, reset } = useForm<ChangeEmailFields, unknown, ChangeEmailInput>({
    resolver,
    defaultValues: { newEmail: '', password: '', locale },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  useEffect(() => {
    if (change.isSuccess) doneRef.current?.focus();
  }, [change.isSuccess]);

  const onSubmit = (values: ChangeEmailInput) => {
    change.mutate(
      { ...values, locale },
      {
        onSuccess: () => reset({ newEmail: '', password: '', locale }),
        onError: (err) => {
          applyIssues(err, setError, FIELDS);
        },
      },
    );
  };
  const failure = change.isError && !change.error.issues.some((i) => FIELDS.includes(i.path[0] as (typeof FIELDS)[number])) ? failureText(change.error) : null;

  return (
    <form method="post" noValidate aria-labelledby="security-email-title" aria-busy={change.isPending} {...preloadOn(resolver)} onSubmit={(e) => void handleSubmit(onSubmit)(e)} data-testid="change-email-form">
      <div className={`${ui.stack} ${styles.narrowForm}`}>
        {change.isSuccess ? (
          <FocusAlert ref={doneRef} className={styles.anywhere}>
            {t('emailSent', { email: change.data.pendingEmail, current })}
          </FocusAlert>
        ) : null}
        {failure ? <Alert severity="error">{failure}</Alert> : null}
        <EmailField
          control={control}
          name="newEmail"
          label={t('newEmail')}
          required
        />
        <PasswordField control={control} name="password" label={t('password')} autoComplete="current-password" />
        <div>
          <button type="submit" className={`${ui.button} ${ui.contained} ${ui.upper}`} disabled={change.isPending}>
            {change.isPending ? <span className={ui.spinner} aria-hidden="true" /> : <Icon path={ALTERNATE_EMAIL} size={20} />}
            {change.isPending ? t('emailSubmitting') : t('emailSubmit')}
          </button>
        </div>
      </div>
    </form>
  );
}
