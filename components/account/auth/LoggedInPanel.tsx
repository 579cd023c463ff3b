'use client';
/**
 * The login page for a visitor who is already logged in (spec §2 /login): "You are logged in
 * as …", a link to their account, and a logout button (POST /ll/api/v1/auth/logout, then the
 * page is loaded again so the header and this page show the visitor logged out).
 */
import LogoutIcon from '@mui/icons-material/Logout';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { LinkButton } from '@/components/ui/links';
import { useLogout } from '@/lib/api/auth';
import { useAuthErrorText } from './error-text';

export interface LoggedInPanelProps {
  name: string;
  email: string;
}

export function LoggedInPanel({ name, email }: LoggedInPanelProps) {
  const t = useTranslations('auth.login');
  const logout = useLogout();
  const errorText = useAuthErrorText();
  const pending = logout.isPending || logout.isSuccess;
  return (
    <Stack spacing={2}>
      <Typography role="status">{t('loggedInAs', { name: name || email, email })}</Typography>
      {logout.isError ? (
        <Alert severity="error" role="alert">
          {errorText(logout.error)}
        </Alert>
      ) : null}
      {logout.isSuccess ? (
        <Alert severity="success" role="status">
          {t('loggedOut')}
        </Alert>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <LinkButton href="/account" variant="contained">
          {t('account')}
        </LinkButton>
        <Button
          variant="outlined"
          startIcon={<LogoutIcon />}
          loading={pending}
          loadingPosition="start"
          onClick={() => logout.mutate(undefined, { onSuccess: () => window.location.reload() })}
        >
          {pending ? t('loggingOut') : t('logout')}
        </Button>
      </Stack>
    </Stack>
  );
}
