/**
 * What /verify-email shows once the link was followed (issue 22): one alert per
 * `VerifyEmailState` (success for verified, already verified and email changed; an error for
 * an expired or unusable link and for an address taken meanwhile), then what to do next:
 *  - an expired or unusable link: the resend button when the visitor is logged in and still
 *    unverified (../security/ResendVerificationButton, the only client part), else a link to
 *    log in (`?next=/account`, where the banner offers a new link);
 *  - otherwise: a link to the account page (logged in) or to log in.
 * Server component: the message shows without JavaScript.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import { getTranslations } from 'next-intl/server';
import { LinkButton } from '@/components/ui/links';
import type { Locale } from '@/lib/config';
import type { VerifyEmailState } from '@/lib/contracts/account';
import { ResendVerificationButton } from '../security/ResendVerificationButton';

const DONE: readonly VerifyEmailState[] = ['verified', 'already_verified', 'email_changed'];

export interface VerifyEmailMessageProps {
  locale: Locale;
  state: VerifyEmailState;
  /** The logged-in visitor's email and its state, or null when logged out. */
  viewer: { email: string; emailVerified: boolean } | null;
}

export async function VerifyEmailMessage({ locale, state, viewer }: VerifyEmailMessageProps) {
  const t = await getTranslations({ locale, namespace: 'auth.verify' });
  const done = DONE.includes(state);
  const canResend = !done && state !== 'email_taken' && viewer !== null && !viewer.emailVerified;
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Alert severity={done ? 'success' : 'error'} role={done ? 'status' : 'alert'} sx={{ width: '100%', overflowWrap: 'anywhere' }} data-verify-state={state}>
        <AlertTitle>{t(`heading.${state}`)}</AlertTitle>
        {t(`body.${state}`)}
      </Alert>
      {canResend ? (
        <ResendVerificationButton email={viewer!.email} variant="contained" />
      ) : viewer ? (
        <LinkButton href="/account" variant={done ? 'contained' : 'outlined'}>
          {t('account')}
        </LinkButton>
      ) : (
        <LinkButton href="/login?next=/account" variant="contained">
          {done ? t('account') : t('login')}
        </LinkButton>
      )}
    </Stack>
  );
}
