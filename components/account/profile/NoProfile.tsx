/**
 * What the account pages say to a login without a participant profile (a promoter, an
 * official, a spectator's login: spec §6 Roles): this page is a participant's; their own
 * tools are elsewhere. A link home.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { getTranslations } from 'next-intl/server';
import { LinkButton } from '@/components/ui/links';
import type { Locale } from '@/lib/config';

export async function NoProfile({ locale, email }: { locale: Locale; email: string }) {
  const t = await getTranslations({ locale, namespace: 'account' });
  return (
    <Box sx={{ mt: 2 }} data-testid="account-no-profile">
      <Alert severity="info" sx={{ mb: 2 }}>
        <AlertTitle>{t('noProfile.title')}</AlertTitle>
        {t('noProfile.body', { email })}
      </Alert>
      <LinkButton href="/" variant="outlined">
        {t('noProfile.home')}
      </LinkButton>
    </Box>
  );
}
