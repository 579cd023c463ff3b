/**
 * The account page's banner while the login's email is not verified (issue 22): "Your email is
 * not verified yet", where the link went, and the resend button (./ResendVerificationButton,
 * the only client part). Server component.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/config';
import { ResendVerificationButton } from './ResendVerificationButton';

export async function VerifyEmailBanner({ locale, email }: { locale: Locale; email: string }) {
  const t = await getTranslations({ locale, namespace: 'account.security' });
  return (
    <Alert severity="warning" sx={{ mb: 3, '& .MuiAlert-message': { width: '100%', overflowWrap: 'anywhere' } }} data-testid="email-unverified">
      <AlertTitle component="h2" sx={{ fontWeight: 700, fontSize: 16 }}>
        {t('unverified')}
      </AlertTitle>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {t('unverifiedBody', { email })}
      </Typography>
      <ResendVerificationButton email={email} />
    </Alert>
  );
}
