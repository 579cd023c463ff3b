/**
 * /account/family: the family section of the logged-in holder (spec §6 "A parent or guardian
 * manages minors' accounts from the family section"; issue 11): the minors they manage
 * (`listMinors`: only ever the session's own), adding, editing, downloading a minor's data and
 * closing a minor's account (components/account/family/FamilyList). Logged out: a redirect to
 * the login page (in the page's language) with `?next=/account/family`; a login without a
 * participant profile gets a short explanation. Personal data: rendered per request, not indexed.
 * Plain HTML (issue 23): no MUI.
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { FamilyListIsland } from '@/components/account/family/islands';
import family from '@/components/account/family/family.module.css';
import styles from '@/components/account/profile/account.module.css';
import { NoProfile } from '@/components/account/profile/NoProfile';
import { viewer } from '@/components/account/profile/viewer';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import type { Locale } from '@/lib/config';
import { federationDate } from '@/lib/format';
import { redirect } from '@/lib/i18n/navigation';
import { getProfile, listMinors } from '@/lib/server/accounts';

type Props = { params: Promise<{ locale: Locale }> };

const PATH = '/account/family';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'account' });
  return { ...(await pageMetadata(locale, PATH, t('family.title'))), robots: { index: false, follow: false } };
}

export default async function FamilyPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await viewer();
  if (!user) return redirect({ href: { pathname: '/login', query: { next: PATH } }, locale });
  const t = await getTranslations({ locale, namespace: 'account' });
  const profile = user.profileId !== null ? await getProfile(user.id) : null;
  return (
    <>
      <SubHeader locale={locale} path={PATH} fallback={t('family.title')} parents={[{ label: t('title'), href: '/account' }]} />
      <div className={`container container-md ${styles.page}`}>
        {profile ? (
          <>
            <p className={family.pageIntro}>{t('family.pageIntro')}</p>
            <FamilyListIsland initial={await listMinors(user.id)} holderEmail={profile.email} today={federationDate()} />
          </>
        ) : (
          <NoProfile locale={locale} email={user.email} />
        )}
      </div>
    </>
  );
}
