/**
 * /resetPassword?token=… (spec §2 static pages; §4 Password reset: valid one hour, usable once;
 * §8 Login and reset): the token is checked on the server as the page renders, so its message
 * shows without JavaScript — 'Invalid access. You do not have a proper token!' (none, or
 * unknown), 'The token provided could not be decoded', 'Your opportunity to reset your password
 * has expired. You have one hour', 'This reset your password link has already been used' (the
 * last three with a link to ask for a new one) — and a valid one gets the new-password form.
 * Never stored by the page cache (the answer changes once the link is used), not indexed, and
 * no Referer leaves the page (the token is in its address).
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AuthCard } from '@/components/account/auth/AuthCard';
import { ResetPasswordFormIsland } from '@/components/account/auth/islands';
import { ResetTokenMessage } from '@/components/account/auth/ResetTokenMessage';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import type { Locale } from '@/lib/config';
import { checkResetToken } from '@/lib/server/accounts/password-reset';
import { markUncacheable } from '@/lib/server/cache';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ token?: string | string[] }> };

const PATH = '/resetPassword';
const HEADING_ID = 'reset-heading';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'auth.titles' });
  return { ...(await pageMetadata(locale, PATH, t('resetPassword'))), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

export default async function ResetPasswordPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  markUncacheable();
  const raw = (await searchParams).token;
  const token = Array.isArray(raw) ? raw[0] : raw;
  const [state, t] = await Promise.all([checkResetToken(token), getTranslations({ locale, namespace: 'auth' })]);
  return (
    <>
      <SubHeader locale={locale} path={PATH} fallback={t('titles.resetPassword')} title={t('titles.resetPassword')} />
      <AuthCard heading={state === 'valid' ? t('reset.heading') : t('reset.unusable')} headingId={HEADING_ID} intro={state === 'valid' ? t('reset.intro') : undefined}>
        {state === 'valid' ? <ResetPasswordFormIsland token={token!} labelledBy={HEADING_ID} /> : <ResetTokenMessage state={state} />}
      </AuthCard>
    </>
  );
}
