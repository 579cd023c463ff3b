'use client';
/**
 * The login form (spec §2 /login; §8 Login and reset): email and password (show/hide), checked
 * with the shared `loginInput` contract, sent with `useLogin` (POST /ll/api/v1/auth/login).
 * Field codes land on their fields (the first invalid field gets the focus); a refusal —
 * 'The password or email is wrong', too many attempts with the wait in minutes, no connection —
 * shows in an alert that is announced, and the password is cleared and focused again. On
 * success a full navigation (not a client transition) opens `next` in the page's language, so
 * the server-rendered header shows the session. Links to /forgotPassword and to account
 * creation. `method="post"`: without JavaScript nothing lands in the address bar.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import LoginIcon from '@mui/icons-material/Login';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { PasswordField, TextInput } from '@/components/account/fields';
import { LinkButton } from '@/components/ui/links';
import { useLogin } from '@/lib/api/auth';
import { BASE_PATH, type Locale } from '@/lib/config';
import { loginInput, type LoginInput } from '@/lib/contracts/account';
import { Link as SiteLink } from '@/lib/i18n/navigation';
import { localizedPath } from '@/lib/i18n/routing';
import { useAuthErrorText } from './error-text';

const FIELDS = ['email', 'password'] as const;
type Field = (typeof FIELDS)[number];

export interface LoginFormProps {
  /** Where to go once logged in: a checked site path without language prefix (next-path.ts). */
  next: string;
  /** The id of the card's heading (the form's accessible name). */
  labelledBy: string;
}

export function LoginForm({ next, labelledBy }: LoginFormProps) {
  const t = useTranslations('auth');
  const tf = useTranslations('accountFields');
  const locale = useLocale() as Locale;
  const login = useLogin();
  const errorText = useAuthErrorText();
  const alertRef = useRef<HTMLDivElement>(null);
  const { control, handleSubmit, setError, setValue, setFocus } = useForm<LoginInput>({
    resolver: zodResolver(loginInput),
    defaultValues: { email: '', password: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onSubmit = (values: LoginInput) => {
    login.mutate(values, {
      onSuccess: () => {
        // A full navigation on purpose: the header (a server component) must be rendered again with the session.
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination
        window.location.assign(`${BASE_PATH}${localizedPath(locale, next)}`);
      },
      onError: (err) => {
        const onFields = err.issues.filter((i) => FIELDS.includes(i.path[0] as Field));
        onFields.forEach((issue, n) => setError(issue.path[0] as Field, { message: issue.code }, { shouldFocus: n === 0 }));
        if (!onFields.length) {
          setValue('password', '');
          setFocus('password');
        }
      },
    });
  };

  const failure = login.isError && !login.error.issues.some((i) => FIELDS.includes(i.path[0] as Field)) ? errorText(login.error) : null;
  const pending = login.isPending || login.isSuccess;

  useEffect(() => {
    if (failure) alertRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [failure]);

  return (
    <Box component="form" method="post" noValidate aria-labelledby={labelledBy} aria-busy={pending} onSubmit={(e) => void handleSubmit(onSubmit)(e)}>
      <Stack spacing={2}>
        {failure ? (
          <Alert severity="error" role="alert" ref={alertRef}>
            {failure}
          </Alert>
        ) : null}
        {login.isSuccess ? (
          <Alert severity="success" role="status">
            {t('login.success')}
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
        <PasswordField control={control} name="password" autoComplete="current-password" />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: -1 }}>
          <Link component={SiteLink} href="/forgotPassword" variant="body2">
            {t('login.forgot')}
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" fullWidth loading={pending} loadingPosition="start" startIcon={<LoginIcon />}>
          {pending ? t('login.submitting') : t('login.submit')}
        </Button>
        <Divider />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}>
          <Typography variant="body2">{t('login.noAccount')}</Typography>
          <LinkButton href="/registration/participant" variant="outlined">
            {t('login.create')}
          </LinkButton>
        </Stack>
      </Stack>
    </Box>
  );
}
