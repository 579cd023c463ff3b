/**
 * /verify-email?token=… (issue 22: email verification): the link mailed to a new account (or
 * asked for again, or sent to a new address by a change of email) is checked and applied on the
 * server as the page renders (lib/server/accounts/verify-email.ts `verifyEmailToken`, better-auth's
 * `verifyEmail`), so the outcome shows without JavaScript: verified, already verified, email
 * changed, expired (valid 24 hours: a new link is offered), unusable, or the new address taken
 * meanwhile (components/account/auth/VerifyEmailMessage). Never stored by the page cache (the
 * answer changes once used), not indexed, and no Referer leaves the page (the token is in its
 * address). `?next=` (a site path: the spectator steps that opened the account, issue 28) is
 * where the page then leads, once verified (through the login when logged out).
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AuthCard } from '@/components/account/auth/AuthCard';
import { safeNextPath } from '@/components/account/auth/next-path';
import { VerifyEmailMessage } from '@/components/account/auth/VerifyEmailMessage';
import { viewer } from '@/components/account/profile/viewer';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import type { Locale } from '@/lib/config';
import { getAccountSecurity, verifyEmailToken } from '@/lib/server/accounts';
import { markUncacheable } from '@/lib/server/cache';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ token?: string | string[]; next?: string | string[] }> };

const PATH = '/verify-email';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'auth.titles' });
  return { ...(await pageMetadata(locale, PATH, t('verifyEmail'))), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

export default async function VerifyEmailPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  markUncacheable();
  const query = await searchParams;
  const raw = query.token;
  const token = Array.isArray(raw) ? raw[0] : raw;
  const next = query.next === undefined ? null : safeNextPath(query.next);
  const state = await verifyEmailToken(token);
  // Read after the verification: the account's state as it is now.
  const [user, t] = await Promise.all([viewer(), getTranslations({ locale, namespace: 'auth' })]);
  const security = user ? await getAccountSecurity(user.id) : null;
  return (
    <>
      <SubHeader locale={locale} path={PATH} fallback={t('titles.verifyEmail')} title={t('titles.verifyEmail')} />
      <AuthCard heading={t('titles.verifyEmail')}>
        <VerifyEmailMessage locale={locale} state={state} viewer={security} next={next} />
      </AuthCard>
    </>
  );
}
