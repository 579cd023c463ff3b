/**
 * /account: the logged-in participant's own page (issue 11 "Profiles", "Privacy and security"):
 * profile, results, series points, registrations, claims, family link, data download and
 * closing, and (issue 22) the email verification banner and the Security section: change of email
 * and of password (components/account/profile/AccountOverview). Logged out: a redirect to the login
 * page (in the page's language) with `?next=/account`. A login without a participant profile
 * (a promoter …) gets a short explanation, the banner and the Security section. Personal data: rendered per request for the session's
 * own user; (issue 26) the membership cards with their QR codes and the orders (components/membership-buy/AccountMemberships) (the page cache never stores a request with a session cookie), not indexed.
 * Plain HTML (issue 23): no MUI.
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AccountOverview } from '@/components/account/profile/AccountOverview';
import styles from '@/components/account/profile/account.module.css';
import { NoProfile } from '@/components/account/profile/NoProfile';
import { viewer } from '@/components/account/profile/viewer';
import { SecuritySection } from '@/components/account/security/SecuritySection';
import { VerifyEmailBanner } from '@/components/account/security/VerifyEmailBanner';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import type { Locale } from '@/lib/config';
import { redirect } from '@/lib/i18n/navigation';
import { AccountMemberships } from '@/components/membership-buy/AccountMemberships';
import { listMyOrders } from '@/lib/server/checkout/server';
import { listMyMemberships } from '@/lib/server/membership-sales';
import { getAccountActivity, getAccountSecurity, getProfile, listClaims, listMinors } from '@/lib/server/accounts';
import { can } from '@/lib/server/policy';
import { currentPrincipal } from '@/lib/server/policy/authorize';

type Props = { params: Promise<{ locale: Locale }> };

const PATH = '/account';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'account' });
  return { ...(await pageMetadata(locale, PATH, t('title'))), robots: { index: false, follow: false } };
}

export default async function AccountPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await viewer();
  if (!user) return redirect({ href: { pathname: '/login', query: { next: PATH } }, locale });
  const t = await getTranslations({ locale, namespace: 'account' });
  const [profile, found] = await Promise.all([user.profileId !== null ? getProfile(user.id) : null, getAccountSecurity(user.id)]);
  const security = found ?? { email: user.email, emailVerified: false };
  let body;
  if (!profile) {
    body = (
      <>
        {security.emailVerified ? null : <VerifyEmailBanner locale={locale} email={security.email} />}
        <NoProfile locale={locale} email={user.email} officialTools={can(await currentPrincipal(), 'licences.confirm', null)} />
        <SecuritySection locale={locale} security={security} />
      </>
    );
  } else {
    const [activity, claims, minors, cards, orders] = await Promise.all([getAccountActivity(profile.id), listClaims(user.id), listMinors(user.id), listMyMemberships(user.id), listMyOrders(user.id)]);
    body = (
      <AccountOverview
        locale={locale}
        profile={profile}
        activity={activity}
        claims={claims}
        minors={minors.length}
        security={security}
        memberships={<AccountMemberships locale={locale} cards={cards} orders={orders} />}
      />
    );
  }
  return (
    <>
      <SubHeader locale={locale} path={PATH} fallback={t('title')} />
      <div className={`container container-md ${styles.page}`}>{body}</div>
    </>
  );
}
