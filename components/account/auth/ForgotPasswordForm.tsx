'use client';
/**
 * The forgot-password form (spec §2 /forgotPassword; §4 Password reset; §9 the email is
 * expected within 15 minutes): the account's email, checked with `forgotPasswordInput`, sent
 * with the page's language (`useForgotPassword`, POST /ll/api/v1/auth/forgot-password). The
 * answer is always the same confirmation — "If an account exists for this address, we sent a
 * link…", valid one hour, check the spam folder after 15 minutes — so the page never tells
 * whether an address has an account. The confirmation takes the focus (announced); "Send
 * another link" brings the form back.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { TextInput } from '@/components/account/fields';
import { LinkButton } from '@/components/ui/links';
import { useForgotPassword } from '@/lib/api/auth';
import type { Locale } from '@/lib/config';
import { emailField } from '@/lib/contracts/account';
import { Link as SiteLink } from '@/lib/i18n/navigation';
import { z } from 'zod';
import { useAuthErrorText } from './error-text';

/** The form's own check: the contract's email rule (the language is the page's). */
const forgotForm = z.object({ email: emailField });
type ForgotFields = z.input<typeof forgotForm>;
type ForgotValues = z.output<typeof forgotForm>;

export function ForgotPasswordForm({ labelledBy }: { labelledBy: string }) {
  const t = useTranslations('auth');
  const tf = useTranslations('accountFields');
  const locale = useLocale() as Locale;
  const forgot = useForgotPassword();
  const errorText = useAuthErrorText();
  const sentRef = useRef<HTMLDivElement>(null);
  const { control, handleSubmit, setError, reset } = useForm<ForgotFields, unknown, ForgotValues>({
    resolver: zodResolver(forgotForm),
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
      <Stack spacing={2}>
        <Alert severity="success" role="status" ref={sentRef} tabIndex={-1}>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('forgot.sent')}
          </Typography>
          <Typography variant="body2">{t('forgot.spam')}</Typography>
        </Alert>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <LinkButton href="/login" variant="contained">
            {t('forgot.backToLogin')}
          </LinkButton>
          <Button
            variant="outlined"
            onClick={() => {
              forgot.reset();
              reset({ email: '' });
            }}
          >
            {t('forgot.again')}
          </Button>
        </Stack>
      </Stack>
    );
  }

  const failure = forgot.isError && !forgot.error.issues.some((i) => i.path[0] === 'email') ? errorText(forgot.error) : null;
  return (
    <Box component="form" method="post" noValidate aria-labelledby={labelledBy} aria-busy={forgot.isPending} onSubmit={(e) => void handleSubmit(onSubmit)(e)}>
      <Stack spacing={2}>
        {failure ? (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        ) : null}
        <TextInput
          control={control}
          name="email"
          label={tf('email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          htmlInput={{ autoCapitalize: 'none', spellCheck: false }}
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={forgot.isPending} loadingPosition="start" startIcon={<SendIcon />}>
          {forgot.isPending ? t('forgot.submitting') : t('forgot.submit')}
        </Button>
        <Link component={SiteLink} href="/login" variant="body2" sx={{ alignSelf: 'center' }}>
          {t('forgot.backToLogin')}
        </Link>
      </Stack>
    </Box>
  );
}
