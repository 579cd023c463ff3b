/**
 * /forgotPassword (spec §2 static pages; §4 Password reset; §9 the email is expected within
 * 15 minutes): the account's email, then always the same confirmation, whether or not the
 * address has an account. The reset link it mails is valid one hour and usable once. Not indexed.
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AuthCard } from '@/components/account/auth/AuthCard';
import { ForgotPasswordFormIsland } from '@/components/account/auth/islands';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import type { Locale } from '@/lib/config';

type Props = { params: Promise<{ locale: Locale }> };

const PATH = '/forgotPassword';
const HEADING_ID = 'forgot-heading';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'auth.titles' });
  return { ...(await pageMetadata(locale, PATH, t('forgotPassword'))), robots: { index: false, follow: false } };
}

export default async function ForgotPasswordPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, titles] = await Promise.all([getTranslations({ locale, namespace: 'auth' }), getTranslations({ locale, namespace: 'titles' })]);
  return (
    <>
      <SubHeader locale={locale} path={PATH} fallback={t('titles.forgotPassword')} title={t('titles.forgotPassword')} parents={[{ label: titles('login'), href: '/login' }]} />
      <AuthCard heading={t('forgot.heading')} headingId={HEADING_ID} intro={t('forgot.intro')}>
        <ForgotPasswordFormIsland labelledBy={HEADING_ID} />
      </AuthCard>
    </>
  );
}
