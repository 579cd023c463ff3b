'use client';
/**
 * The new-password form of a valid reset link (spec §2 /resetPassword; §4 Password reset; §5
 * password rules and 'Verify password not the same as new password'): the new password (with
 * the rules as its hint) and its confirmation, checked with `resetPasswordInput`, sent with
 * `useResetPassword` (POST /ll/api/v1/auth/reset-password). Field codes land on their fields
 * (the server's `invalid_new_password` on the new password, focused); a link that expired or
 * was used meanwhile shows its message with a link to ask for a new one; success says so, that
 * every device was logged out, and links to /login. Native controls (issue 23: no MUI;
 * ./auth.module.css).
 */
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { PasswordField } from '@/components/account/fields/PasswordField';
import { Alert } from '@/components/ui/Alert';
import { Icon } from '@/components/ui/Icon';
import { LOCK_RESET } from '@/components/ui/icons/lock-reset';
import ui from '@/components/ui/ui.module.css';
import { useResetPassword } from '@/lib/api/auth';
import type { ResetPasswordInput } from '@/lib/contracts/account';
import { lazyResolver, preloadOn } from '@/lib/forms/lazy-resolver';
import { Link } from '@/lib/i18n/navigation';
import css from './auth.module.css';
import { useAuthErrorText } from './error-text';
import { ResetTokenMessage } from './ResetTokenMessage';

const FIELDS = ['password', 'passwordConfirmation'] as const;
type Field = (typeof FIELDS)[number];
const TOKEN_STATES = ['invalid_token', 'undecodable_token', 'expired_token', 'used_token'] as const;
type TokenState = (typeof TOKEN_STATES)[number];

/** `resetPasswordInput` through `zodResolver` (./schemas.ts), fetched on the form's first focus (issue 23). */
const resolver = lazyResolver(() => import('./schemas').then((m) => m.resetPasswordResolver));

export function ResetPasswordForm({ token, labelledBy }: { token: string; labelledBy: string }) {
  const t = useTranslations('auth');
  const tf = useTranslations('accountFields');
  const reset = useResetPassword();
  const errorText = useAuthErrorText();
  const doneRef = useRef<HTMLDivElement>(null);
  const { control, handleSubmit, setError } = useForm<ResetPasswordInput>({
    resolver,
    defaultValues: { token, password: '', passwordConfirmation: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  useEffect(() => {
    if (reset.isSuccess) doneRef.current?.focus();
  }, [reset.isSuccess]);

  if (reset.isSuccess) {
    return (
      <div className={css.start}>
        <Alert severity="success" role="status" ref={doneRef} tabIndex={-1} className={css.full} bodyClassName={css.lines}>
          <p>{t('reset.done')}</p>
          <p>{t('reset.doneSessions')}</p>
        </Alert>
        <Link href="/login" className={`${ui.button} ${ui.contained} ${ui.upper}`}>
          {t('reset.login')}
        </Link>
      </div>
    );
  }
  const tokenState = reset.error?.apiCode && (TOKEN_STATES as readonly string[]).includes(reset.error.apiCode) ? (reset.error.apiCode as TokenState) : null;
  if (tokenState) return <ResetTokenMessage state={tokenState} />;

  const onSubmit = (values: ResetPasswordInput) => {
    reset.mutate(
      { token, password: values.password, passwordConfirmation: values.passwordConfirmation },
      {
        onError: (err) => {
          err.issues
            .filter((i) => FIELDS.includes(i.path[0] as Field))
            .forEach((issue, n) => setError(issue.path[0] as Field, { message: issue.code }, { shouldFocus: n === 0 }));
        },
      },
    );
  };
  const failure = reset.isError && !reset.error.issues.some((i) => FIELDS.includes(i.path[0] as Field)) ? errorText(reset.error) : null;

  return (
    <form method="post" noValidate aria-labelledby={labelledBy} aria-busy={reset.isPending} className={ui.stack} {...preloadOn(resolver)} onSubmit={(e) => void handleSubmit(onSubmit)(e)}>
      {failure ? <Alert severity="error">{failure}</Alert> : null}
      <PasswordField control={control} name="password" label={t('reset.newPassword')} autoComplete="new-password" hint={tf('passwordHint')} />
      <PasswordField control={control} name="passwordConfirmation" label={t('reset.confirm')} autoComplete="new-password" />
      <button type="submit" disabled={reset.isPending} className={`${ui.button} ${ui.contained} ${ui.fullWidth} ${ui.large} ${ui.upper}`}>
        {reset.isPending ? <span className={ui.spinner} aria-hidden="true" /> : <Icon path={LOCK_RESET} size={22} />}
        {reset.isPending ? t('reset.submitting') : t('reset.submit')}
      </button>
    </form>
  );
}
