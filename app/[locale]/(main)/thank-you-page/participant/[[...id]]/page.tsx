/**
 * /thank-you-page/participant/{id?} (spec §2 Routes with an optional id; §4 account creation:
 * Completed): where the stepper lands once the account exists. The id is optional; a
 * malformed one, or more than one segment, answers 404 (the route's validity check). When the
 * logged-in user holds that profile (`getThankYou`), "Thank you, {firstName}! Your account is
 * created." with links to My account, the family section and the events; otherwise (no id,
 * someone else's id, logged out) a generic thank-you with a login link, which reveals nothing
 * about the profile. Not indexed by search engines; rendered per request (reads the session).
 */
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import { LinkButton } from '@/components/ui/links';
import { parseOptionalId } from '@/lib/contracts/ids';
import type { Locale } from '@/lib/i18n/routing';
import { currentUser } from '@/lib/server/accounts/current-user';
import { getThankYou } from '@/lib/server/accounts/get-thank-you';

type Props = { params: Promise<{ locale: Locale; id?: string[] }> };

const PATH = '/thank-you-page/participant';

/** The profile id of the route (null without one); 404 for a malformed id or extra segments. */
function routeId(segments: string[] | undefined): number | null {
  if (!segments?.length) return null;
  const id = parseOptionalId(segments);
  if (id === null) notFound();
  return id;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, id } = await params;
  routeId(id);
  const t = await getTranslations({ locale, namespace: 'accountStepper' });
  return { ...(await pageMetadata(locale, PATH, t('thankYou.title'))), robots: { index: false, follow: false } };
}

export default async function ParticipantThankYouPage({ params }: Props) {
  const { locale, id: segments } = await params;
  setRequestLocale(locale);
  const id = routeId(segments);
  const [t, user] = await Promise.all([getTranslations({ locale, namespace: 'accountStepper' }), currentUser()]);
  const thanks = id !== null && user ? await getThankYou(id, user) : null;
  return (
    <>
      <SubHeader locale={locale} path={PATH} fallback={t('thankYou.title')} />
      <Container sx={{ py: { xs: 3, md: 5 } }}>
        <Box sx={{ maxWidth: 720 }}>
          {thanks ? (
            <>
              <Typography component="h2" variant="h5" sx={{ fontWeight: 600, mb: 1.5 }}>
                {t('thankYou.named', { firstName: thanks.firstName })}
              </Typography>
              <Typography sx={{ mb: 2 }}>{t('thankYou.namedBody')}</Typography>
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, maxWidth: 480 }}>
                <li>
                  <LinkButton href="/account" variant="contained" fullWidth sx={{ justifyContent: 'flex-start' }}>
                    {t('thankYou.account')}
                  </LinkButton>
                </li>
                <li>
                  <LinkButton href="/account/family" variant="outlined" fullWidth sx={{ justifyContent: 'flex-start' }}>
                    {t('thankYou.family')}
                  </LinkButton>
                </li>
                <li>
                  <LinkButton href="/events" variant="outlined" fullWidth sx={{ justifyContent: 'flex-start' }}>
                    {t('thankYou.events')}
                  </LinkButton>
                </li>
              </Box>
            </>
          ) : (
            <>
              <Typography component="h2" variant="h5" sx={{ fontWeight: 600, mb: 1.5 }}>
                {t('thankYou.generic')}
              </Typography>
              <Typography sx={{ mb: 2 }}>{t('thankYou.genericBody')}</Typography>
              <LinkButton href="/login" variant="contained">
                {t('thankYou.logIn')}
              </LinkButton>
            </>
          )}
        </Box>
      </Container>
    </>
  );
}
