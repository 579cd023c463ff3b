/**
 * /registration/participant (spec §2 Static pages: account creation; §4 Participant account
 * creation): the account-creation stepper (components/account/registration). A visitor
 * already logged in sees "You already have an account" with links to their account and to the
 * family section, where minors are added. Reads the session (`currentUser()`), so it renders
 * per request; the stepper itself holds no personal data until the visitor types it. Plain
 * HTML rendered on the server (issue 23: no MUI); the stepper is its client leaf.
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ParticipantStepperIsland } from '@/components/account/registration/islands';
import css from '@/components/account/registration/registration.module.css';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import { Alert } from '@/components/ui/Alert';
import ui from '@/components/ui/ui.module.css';
import { Link } from '@/lib/i18n/navigation';
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
      <div className={`container ${css.page}`}>
        {user ? (
          <div className={css.already}>
            <Alert severity="info">
              <h2 className={css.alreadyTitle}>{t('already.title')}</h2>
              {t('already.body')}
            </Alert>
            <div className={css.alreadyLinks}>
              <Link href="/account/family" className={`${ui.button} ${ui.contained} ${ui.upper}`}>
                {t('already.family')}
              </Link>
              <Link href="/account" className={`${ui.button} ${ui.outlined} ${ui.upper}`}>
                {t('already.account')}
              </Link>
            </div>
          </div>
        ) : (
          <ParticipantStepperIsland />
        )}
      </div>
    </>
  );
}
