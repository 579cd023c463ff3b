'use client';
/**
 * Changing the login email (issue 22): the new address and the current password, checked with
 * `changeEmailInput`, sent with `useChangeEmail` (POST /ll/api/v1/users/current/email) in the
 * page's language. Refusals land on their fields (`same_email`, `email_taken` on the new
 * address, `wrong_password` on the password); success says where the link went and that the
 * email stays the current one until the link is opened.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import AlternateEmailIcon from '@mui/icons-material/AlternateEmail';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { PasswordField, TextInput } from '@/components/account/fields';
import { useChangeEmail } from '@/lib/api/account';
import type { Locale } from '@/lib/config';
import { ACCOUNT_LIMITS, changeEmailInput, type ChangeEmailFields, type ChangeEmailInput } from '@/lib/contracts/account';
import { applyIssues, useFailureText } from '../profile/call-errors';

const FIELDS = ['newEmail', 'password'] as const;

export function ChangeEmailForm({ current }: { current: string }) {
  const t = useTranslations('account.security');
  const locale = useLocale() as Locale;
  const change = useChangeEmail();
  const failureText = useFailureText();
  const doneRef = useRef<HTMLDivElement>(null);
  const { control, handleSubmit, setError, reset } = useForm<ChangeEmailFields, unknown, ChangeEmailInput>({
    resolver: zodResolver(changeEmailInput),
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
    <Box component="form" method="post" noValidate aria-labelledby="security-email-title" aria-busy={change.isPending} onSubmit={(e) => void handleSubmit(onSubmit)(e)} data-testid="change-email-form">
      <Stack spacing={2} sx={{ maxWidth: 480 }}>
        {change.isSuccess ? (
          <Alert severity="success" role="status" ref={doneRef} tabIndex={-1} sx={{ overflowWrap: 'anywhere' }}>
            {t('emailSent', { email: change.data.pendingEmail, current })}
          </Alert>
        ) : null}
        {failure ? (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        ) : null}
        <TextInput
          control={control}
          name="newEmail"
          label={t('newEmail')}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          maxLength={ACCOUNT_LIMITS.email.max}
          htmlInput={{ autoCapitalize: 'none', spellCheck: false }}
        />
        <PasswordField control={control} name="password" label={t('password')} autoComplete="current-password" />
        <Box>
          <Button type="submit" variant="contained" loading={change.isPending} loadingPosition="start" startIcon={<AlternateEmailIcon />}>
            {change.isPending ? t('emailSubmitting') : t('emailSubmit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
