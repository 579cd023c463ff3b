'use client';
/**
 * "Send the link again" (issue 22): POST /ll/api/v1/users/current/verification-email in the
 * page's language, then says where the new link went (`role="status"`, focused) or why not
 * (`account.errors.*`: already verified, too many in 15 minutes with the wait, no connection).
 * Used by the account page's banner and by /verify-email after an expired link. Plain HTML (issue 23).
 */
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Icon } from '@/components/ui/Icon';
import { EMAIL_OUTLINED } from '@/components/ui/icons/email-outlined';
import ui from '@/components/ui/ui.module.css';
import { useResendVerification } from '@/lib/api/account';
import styles from '../profile/account.module.css';
import { useFailureText } from '../profile/call-errors';
import { FocusAlert } from '../profile/FocusAlert';

/** `next`: the site path the new link's page leads to (the spectator steps that wait for it). */
export function ResendVerificationButton({ email, variant = 'outlined', next }: { email: string; variant?: 'outlined' | 'contained'; next?: string }) {
  const t = useTranslations('account.security');
  const locale = useLocale();
  const resend = useResendVerification();
  const failureText = useFailureText();
  const doneRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (resend.isSuccess) doneRef.current?.focus();
  }, [resend.isSuccess]);
  if (resend.isSuccess) {
    return (
      <FocusAlert ref={doneRef} data-testid="verification-resent">
        {t('resent', { email })}
      </FocusAlert>
    );
  }
  return (
    <div className={styles.resend}>
      {resend.isError ? <Alert severity="error">{failureText(resend.error)}</Alert> : null}
      <button
        type="button"
        className={`${ui.button} ${variant === 'contained' ? ui.contained : ui.outlined} ${ui.upper}`}
        disabled={resend.isPending}
        onClick={() => resend.mutate({ locale, next })}
        data-testid="resend-verification"
      >
        {resend.isPending ? <span className={ui.spinner} aria-hidden="true" /> : <Icon path={EMAIL_OUTLINED} size={20} />}
        {resend.isPending ? t('resending') : t('resend')}
      </button>
    </div>
  );
}
