'use client';
/**
 * The forgot-password form (spec §2 /forgotPassword; §4 Password reset; §9 the email is
 * expected within 15 minutes): the account's email, checked with `forgotPasswordInput`, sent
 * with the page's language (`useForgotPassword`, POST /ll/api/v1/auth/forgot-password). The
 * answer is always the same confirmation — "If an account exists for this address, we sent a
 * link…", valid one hour, check the spam folder after 15 minutes — so the page never tells
 * whether an address has an account. The confirmation takes the focus (announced); "Send
 * another link" brings the form back. Native controls (issue 23: no MUI; ./auth.module.css).
 */
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { EmailField } from '@/components/account/fields/EmailField';
import { Alert } from '@/components/ui/Alert';
import { Icon } from '@/components/ui/Icon';
import { SEND } from '@/components/ui/icons/send';
import ui from '@/components/ui/ui.module.css';
import { useForgotPassword } from '@/lib/api/auth';
import type { Locale } from '@/lib/config';
import { lazyResolver, preloadOn } from '@/lib/forms/lazy-resolver';
import { Link } from '@/lib/i18n/navigation';
import css from './auth.module.css';
import { useAuthErrorText } from './error-text';
import type { ForgotFields, ForgotValues } from './schemas';

/** The form's own check (the contract's email rule; ./schemas.ts), fetched on the form's first focus (issue 23). */
const resolver = lazyResolver(() => import('./schemas').then((m) => m.forgotPasswordResolver));

export function ForgotPasswordForm({ labelledBy }: { labelledBy: string }) {
  const t = useTranslations('auth');
  const tf = useTranslations('accountFields');
  const locale = useLocale() as Locale;
  const forgot = useForgotPassword();
  const errorText = useAuthErrorText();
  const sentRef = useRef<HTMLDivElement>(null);
  const { control, handleSubmit, setError, reset } = useForm<ForgotFields, unknown, ForgotValues>({
    resolver,
    defaultValues: { email: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  useEffect(() => {
    if (forgot.isSuccess) sentRef.current?.focus();
  }, [forgot.isSuccess]);

  const onSubmit = (values: ForgotValues) => {
    forgot.mutate(
      { email: values.email, locale },
      {
        onError: (err) => {
          const issue = err.issues.find((i) => i.path[0] === 'email');
          if (issue) setError('email', { message: issue.code }, { shouldFocus: true });
        },
      },
    );
  };

  if (forgot.isSuccess) {
    return (
      <div className={ui.stack}>
        <Alert severity="success" role="status" ref={sentRef} tabIndex={-1} bodyClassName={css.lines}>
          <p>{t('forgot.sent')}</p>
          <p>{t('forgot.spam')}</p>
        </Alert>
        <div className={css.actions}>
          <Link href="/login" className={`${ui.button} ${ui.contained} ${ui.upper}`}>
            {t('forgot.backToLogin')}
          </Link>
          <button
            type="button"
            className={`${ui.button} ${ui.outlined} ${ui.upper}`}
            onClick={() => {
              forgot.reset();
              reset({ email: '' });
            }}
          >
            {t('forgot.again')}
          </button>
        </div>
      </div>
    );
  }

  const failure = forgot.isError && !forgot.error.issues.some((i) => i.path[0] === 'email') ? errorText(forgot.error) : null;
  return (
    <form method="post" noValidate aria-labelledby={labelledBy} aria-busy={forgot.isPending} className={ui.stack} {...preloadOn(resolver)} onSubmit={(e) => void handleSubmit(onSubmit)(e)}>
      {failure ? <Alert severity="error">{failure}</Alert> : null}
      <EmailField
        control={control}
        name="email"
        label={tf('email')}
        required
      />
      <button type="submit" disabled={forgot.isPending} className={`${ui.button} ${ui.contained} ${ui.fullWidth} ${ui.large} ${ui.upper}`}>
        {forgot.isPending ? <span className={ui.spinner} aria-hidden="true" /> : <Icon path={SEND} size={22} />}
        {forgot.isPending ? t('forgot.submitting') : t('forgot.submit')}
      </button>
      <Link href="/login" className={`${css.link} ${css.center}`}>
        {t('forgot.backToLogin')}
      </Link>
    </form>
  );
}
