/**
 * The logged-in participant's account page (issue 11 "Profiles", "Privacy and security"), one
 * section each, in this order, with a table of contents of in-page links on top:
 *  - Memberships (issue 26): the membership cards with their QR codes, and the orders;
 *  - Profile: name, date of birth and email read-only (a note says how to change them), then
 *    the form for phone, address, emergency contact and licence or member number (./ProfileForm);
 *  - My results, Series points, Registrations (./AccountActivity) with their empty states;
 *  - Claim my results (./ClaimResults): imported records under their name, claimed with the
 *    licence or member number printed on them, never by name alone;
 *  - Family: a link to /account/family (and how many minors it holds);
 *  - Security: the login email (verified or not), changing it and the password
 *    (../security/SecuritySection; issue 22);
 *  - My data: the JSON download and closing the account (./MyData).
 * Above them, while the email is not verified, the banner with the resend button (issue 22).
 * Server component, plain HTML (issue 23); the forms are client leaves. Personal data: the page
 * is rendered for the session's own user only (the route checks it) and never cached.
 */
import { getTranslations } from 'next-intl/server';
import { Fragment, type ReactNode } from 'react';
import { Icon } from '@/components/ui/Icon';
import { FAMILY_RESTROOM } from '@/components/ui/icons/family-restroom';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import type { AccountActivity, AccountSecurity, ClaimCandidate, ProfileView } from '@/lib/contracts/account';
import { formatDate } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { SecuritySection } from '../security/SecuritySection';
import { VerifyEmailBanner } from '../security/VerifyEmailBanner';
import { MyResults, Registrations, SeriesPoints } from './AccountActivity';
import { AccountSection } from './AccountSection';
import { ClaimResultsIsland, MyDataIsland, ProfileFormIsland } from './islands';
import styles from './account.module.css';

export interface AccountOverviewProps {
  locale: Locale;
  profile: ProfileView;
  activity: AccountActivity;
  claims: { candidates: ClaimCandidate[]; claimed: ClaimCandidate[] };
  minors: number;
  /** The login's email and whether it is verified (issue 22). */
  security: AccountSecurity;
  /** The membership cards and orders (issue 26; components/membership-buy/AccountMemberships), shown first. */
  memberships?: ReactNode;
}

const SECTIONS = ['memberships', 'profile', 'results', 'series', 'registrations', 'claims', 'family', 'security', 'data'] as const;

export async function AccountOverview({ locale, profile, activity, claims, minors, security, memberships }: AccountOverviewProps) {
  const t = await getTranslations({ locale, namespace: 'account' });
  const facts: [string, string, string][] = [
    ['name', t('profile.name'), `${profile.firstName} ${profile.lastName}`],
    ['birthday', t('profile.birthday'), formatDate(profile.birthday, locale)],
    ['email', t('profile.email'), profile.email],
  ];
  return (
    <>
      <p className={styles.greeting} data-testid="account-greeting">
        {t('greeting', { name: profile.firstName })}
      </p>
      {security.emailVerified ? null : <VerifyEmailBanner locale={locale} email={security.email} />}
      <nav aria-label={t('contents')} className={styles.toc}>
        <ul className={styles.tocList}>
          {SECTIONS.map((s) => (
            <li key={s}>
              <a href={`#${s}`} className={`${ui.chip} ${ui.chipOutlined}`}>
                {t(`${s}.title`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <AccountSection id="memberships" title={t('memberships.title')}>
        {memberships}
      </AccountSection>

      <AccountSection id="profile" title={t('profile.title')}>
        <dl className={styles.facts} data-testid="profile-facts">
          {facts.map(([key, label, value]) => (
            <Fragment key={key}>
              <dt>{label}</dt>
              <dd data-testid={`profile-${key}`}>{value}</dd>
            </Fragment>
          ))}
        </dl>
        <p className={styles.note}>{t.rich('profile.readOnly', { link: (chunks) => <Link href="/contact-us">{chunks}</Link> })}</p>
        <ProfileFormIsland profile={profile} />
      </AccountSection>

      <AccountSection id="results" title={t('results.title')} intro={t('results.intro')}>
        <MyResults locale={locale} results={activity.results} />
      </AccountSection>

      <AccountSection id="series" title={t('series.title')}>
        <SeriesPoints locale={locale} series={activity.series} />
      </AccountSection>

      <AccountSection id="registrations" title={t('registrations.title')}>
        <Registrations locale={locale} registrations={activity.registrations} />
      </AccountSection>

      <AccountSection id="claims" title={t('claims.title')} intro={t('claims.intro')}>
        <ClaimResultsIsland initial={claims} />
      </AccountSection>

      <AccountSection id="family" title={t('family.title')} intro={t('family.intro')}>
        <p className={styles.familyCount} data-testid="account-family-count">
          {t('family.count', { count: minors })}
        </p>
        <Link href="/account/family" className={`${ui.button} ${ui.outlined} ${ui.upper}`} data-testid="account-family-link">
          <Icon path={FAMILY_RESTROOM} size={20} />
          {t('family.open')}
        </Link>
      </AccountSection>

      <SecuritySection locale={locale} security={security} />

      <AccountSection id="data" title={t('data.title')} intro={t('data.intro')}>
        <MyDataIsland minors={minors} />
      </AccountSection>
    </>
  );
}
