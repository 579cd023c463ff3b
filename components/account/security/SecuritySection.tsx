/**
 * The account page's Security section (issue 22): the login email with its state (verified or
 * not), the change-of-email form (./ChangeEmailForm: a link to the new address, a notice to the
 * old one) and the change-of-password form (./ChangePasswordForm: the current password; every
 * other device logged out). Server component; the two forms are client leaves.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/config';
import type { AccountSecurity } from '@/lib/contracts/account';
import { AccountSection } from '../profile/AccountSection';
import { ChangeEmailForm } from './ChangeEmailForm';
import { ChangePasswordForm } from './ChangePasswordForm';

export async function SecuritySection({ locale, security }: { locale: Locale; security: AccountSecurity }) {
  const t = await getTranslations({ locale, namespace: 'account.security' });
  return (
    <AccountSection id="security" title={t('title')} intro={t('intro')}>
      <Box sx={{ display: 'grid', gap: 4 }}>
        <Box component="section" aria-labelledby="security-email-title">
          <Typography component="h3" variant="h6" id="security-email-title" sx={{ fontSize: 17, fontWeight: 600, mb: 1, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            {t('emailTitle')}
            <Chip
              size="small"
              color={security.emailVerified ? 'success' : 'warning'}
              variant="outlined"
              label={security.emailVerified ? t('verified') : t('notVerified')}
              data-testid="email-verified-state"
            />
          </Typography>
          <Typography sx={{ mb: 2, overflowWrap: 'anywhere' }}>{t('emailIntro', { email: security.email })}</Typography>
          <ChangeEmailForm current={security.email} />
        </Box>
        <Box component="section" aria-labelledby="security-password-title">
          <Typography component="h3" variant="h6" id="security-password-title" sx={{ fontSize: 17, fontWeight: 600, mb: 1 }}>
            {t('passwordTitle')}
          </Typography>
          <Typography sx={{ mb: 2 }}>{t('passwordIntro')}</Typography>
          <ChangePasswordForm />
        </Box>
      </Box>
    </AccountSection>
  );
}
