'use client';
/**
 * Changing the password while logged in (issue 22; spec §5 password rules): the current
 * password, the new one (the rules as its hint) and its confirmation, checked with
 * `changePasswordInput` (the new one must differ), sent with `useChangePassword` (POST
 * /ll/api/v1/users/current/password). A wrong current password lands on its field (focused);
 * success says that every other device was logged out and empties the form (this browser
 * stays logged in with the new session cookie the reply sets). Plain HTML (issue 23).
 */
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { PasswordField } from '@/components/account/fields/PasswordField';
import { Alert } from '@/components/ui/Alert';
import { Icon } from '@/components/ui/Icon';
import { LOCK } from '@/components/ui/icons/lock';
import ui from '@/components/ui/ui.module.css';
import { useChangePassword } from '@/lib/api/account';
import type { ChangePasswordInput } from '@/lib/contracts/account';
import { lazyResolver, preloadOn } from '@/lib/forms/lazy-resolver';
import styles from '../profile/account.module.css';
import { applyIssues, useFailureText } from '../profile/call-errors';
import { FocusAlert } from '../profile/FocusAlert';

const FIELDS = ['currentPassword', 'newPassword', 'newPasswordConfirmation'] as const;
const EMPTY: ChangePasswordInput = { currentPassword: '', newPassword: '', newPasswordConfirmation: '' };

/** `changePasswordInput` through `zodResolver` (./schemas.ts), fetched on the form's first focus (issue 23). */
const resolver = lazyResolver(() => import('./schemas').then((m) => m.changePasswordResolver));

export function ChangePasswordForm() {
  const t = useTranslations('account.security');
  const tf = useTranslations('accountFields');
  const change = useChangePassword();
  const failureText = useFailureText();
  const doneRef = useRef<HTMLDivElement>(null);
  const { control, handleSubmit, setError, reset } = useForm<ChangePasswordInput>({
    resolver,
    defaultValues: EMPTY,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  useEffect(() => {
    if (change.isSuccess) doneRef.current?.focus();
  }, [change.isSuccess]);

  const onSubmit = (values: ChangePasswordInput) => {
    change.mutate(values, {
      onSuccess: () => reset(EMPTY),
      onError: (err) => {
        applyIssues(err, setError, FIELDS);
      },
    });
  };
  const failure = change.isError && !change.error.issues.some((i) => FIELDS.includes(i.path[0] as (typeof FIELDS)[number])) ? failureText(change.error) : null;

  return (
    <form method="post" noValidate aria-labelledby="security-password-title" aria-busy={change.isPending} {...preloadOn(resolver)} onSubmit={(e) => void handleSubmit(onSubmit)(e)} data-testid="change-password-form">
      <div className={`${ui.stack} ${styles.narrowForm}`}>
        {change.isSuccess ? <FocusAlert ref={doneRef}>{t('passwordDone')}</FocusAlert> : null}
        {failure ? <Alert severity="error">{failure}</Alert> : null}
        <PasswordField control={control} name="currentPassword" label={t('currentPassword')} autoComplete="current-password" />
        <PasswordField control={control} name="newPassword" label={t('newPassword')} autoComplete="new-password" hint={tf('passwordHint')} />
        <PasswordField control={control} name="newPasswordConfirmation" label={t('confirmPassword')} autoComplete="new-password" />
        <div>
          <button type="submit" className={`${ui.button} ${ui.contained} ${ui.upper}`} disabled={change.isPending}>
            {change.isPending ? <span className={ui.spinner} aria-hidden="true" /> : <Icon path={LOCK} size={20} />}
            {change.isPending ? t('passwordSubmitting') : t('passwordSubmit')}
          </button>
        </div>
      </div>
    </form>
  );
}
