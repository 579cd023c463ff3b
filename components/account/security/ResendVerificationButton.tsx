'use client';
/**
 * "Send the link again" (issue 22): POST /ll/api/v1/users/current/verification-email in the
 * page's language, then says where the new link went (`role="status"`, focused) or why not
 * (`account.errors.*`: already verified, too many in 15 minutes with the wait, no connection).
 * Used by the account page's banner and by /verify-email after an expired link.
 */
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { useResendVerification } from '@/lib/api/account';
import { useFailureText } from '../profile/call-errors';

export function ResendVerificationButton({ email, variant = 'outlined' }: { email: string; variant?: 'outlined' | 'contained' }) {
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
      <Alert severity="success" role="status" ref={doneRef} tabIndex={-1} data-testid="verification-resent">
        {t('resent', { email })}
      </Alert>
    );
  }
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      {resend.isError ? (
        <Alert severity="error" role="alert" sx={{ width: '100%' }}>
          {failureText(resend.error)}
        </Alert>
      ) : null}
      <Button variant={variant} startIcon={<EmailOutlinedIcon />} loading={resend.isPending} loadingPosition="start" onClick={() => resend.mutate(locale)} data-testid="resend-verification">
        {resend.isPending ? t('resending') : t('resend')}
      </Button>
    </Stack>
  );
}
