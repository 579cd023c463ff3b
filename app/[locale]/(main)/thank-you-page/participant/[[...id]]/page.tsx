/**
 * /thank-you-page/participant/{id?} (spec §2 Routes with an optional id; §4 account creation:
 * Completed): where the stepper lands once the account exists. The id is optional; a
 * malformed one, or more than one segment, answers 404 (the route's validity check). When the
 * logged-in user holds that profile (`getThankYou`), "Thank you, {firstName}! Your account is
 * created." with links to My account, the family section and the event calendar (the coming
 * events to race: issue 25, not past results); otherwise (no id,
 * someone else's id, logged out) a generic thank-you with a login link, which reveals nothing
 * about the profile. Not indexed by search engines; rendered per request (reads the session).
 * Plain HTML (issue 23): no MUI.
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import ui from '@/components/ui/ui.module.css';
import { parseOptionalId } from '@/lib/contracts/ids';
import type { Locale } from '@/lib/i18n/routing';
import { currentUser } from '@/lib/server/accounts/current-user';
import { Link } from '@/lib/i18n/navigation';
import { getThankYou } from '@/lib/server/accounts/get-thank-you';
import styles from './thank-you.module.css';

type Props = { params: Promise<{ locale: Locale; id?: string[] }> };

const PATH = '/thank-you-page/participant';

const CONTAINED = `${ui.button} ${ui.contained} ${ui.upper}`;
const OUTLINED = `${ui.button} ${ui.outlined} ${ui.upper}`;

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
      <div className={`container ${styles.roomy}`}>
        <div className={styles.column}>
          {thanks ? (
            <>
              <h2 className={styles.title}>{t('thankYou.named', { firstName: thanks.firstName })}</h2>
              <p className={styles.body}>{t('thankYou.namedBody')}</p>
              <ul className={styles.links}>
                <li>
                  <Link href="/account" className={CONTAINED}>
                    {t('thankYou.account')}
                  </Link>
                </li>
                <li>
                  <Link href="/account/family" className={OUTLINED}>
                    {t('thankYou.family')}
                  </Link>
                </li>
                <li>
                  <Link href="/event-calendar" className={OUTLINED}>
                    {t('thankYou.events')}
                  </Link>
                </li>
              </ul>
            </>
          ) : (
            <>
              <h2 className={styles.title}>{t('thankYou.generic')}</h2>
              <p className={styles.body}>{t('thankYou.genericBody')}</p>
              <Link href="/login" className={CONTAINED}>
                {t('thankYou.logIn')}
              </Link>
            </>
          )}
        </div>
      </div>
    </>
  );
}
