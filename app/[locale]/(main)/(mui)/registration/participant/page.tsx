/**
 * /registration/participant (spec §2 Static pages: account creation; §4 Participant account
 * creation): the account-creation stepper (components/account/registration). A visitor
 * already logged in sees "You already have an account" with links to their account and to the
 * family section, where minors are added. Reads the session (`currentUser()`), so it renders
 * per request; the stepper itself holds no personal data until the visitor types it.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ParticipantStepper } from '@/components/account/registration/ParticipantStepper';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import { LinkButton } from '@/components/ui/links';
import type { Locale } from '@/lib/i18n/routing';
import { currentUser } from '@/lib/server/accounts/current-user';

type Props = { params: Promise<{ locale: Locale }> };

const PATH = '/registration/participant';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'accountStepper' });
  return pageMetadata(locale, PATH, t('title'), t('description'));
}

export default async function ParticipantRegistrationPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, user] = await Promise.all([getTranslations({ locale, namespace: 'accountStepper' }), currentUser()]);
  return (
    <>
      <SubHeader locale={locale} path={PATH} fallback={t('title')} />
      <Container sx={{ py: { xs: 2, md: 4 } }}>
        {user ? (
          <Box sx={{ maxWidth: 720 }}>
            <Alert severity="info">
              <AlertTitle component="h2" sx={{ fontSize: '1.15rem' }}>
                {t('already.title')}
              </AlertTitle>
              {t('already.body')}
            </Alert>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 2 }}>
              <LinkButton href="/account/family" variant="contained">
                {t('already.family')}
              </LinkButton>
              <LinkButton href="/account" variant="outlined">
                {t('already.account')}
              </LinkButton>
            </Box>
          </Box>
        ) : (
          <ParticipantStepper />
        )}
      </Container>
    </>
  );
}
