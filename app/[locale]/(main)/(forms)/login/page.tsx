/**
 * /login (spec §2 static pages, "Login, forgot password, reset password"; §8 Login and reset):
 * the login form, or, for a visitor already logged in, who they are with links to their
 * account and to log out. `?next=` (a path of this site only, else /account) is where the
 * form goes once logged in. Not indexed. Rendered per request (the session decides what it
 * shows; the page cache only ever stores the anonymous form).
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AuthCard } from '@/components/account/auth/AuthCard';
import { LoggedInPanelIsland, LoginFormIsland } from '@/components/account/auth/islands';
import { safeNextPath } from '@/components/account/auth/next-path';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import type { Locale } from '@/lib/config';
import { currentUser } from '@/lib/server/accounts/current-user';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ next?: string | string[] }> };

const PATH = '/login';
const HEADING_ID = 'login-heading';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'titles' });
  return { ...(await pageMetadata(locale, PATH, t('login'))), robots: { index: false, follow: false } };
}

export default async function LoginPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [{ next }, user, titles, t] = await Promise.all([
    searchParams,
    currentUser(),
    getTranslations({ locale, namespace: 'titles' }),
    getTranslations({ locale, namespace: 'auth.login' }),
  ]);
  return (
    <>
      <SubHeader locale={locale} path={PATH} fallback={titles('login')} />
      <AuthCard heading={user ? t('loggedInHeading') : t('heading')} headingId={HEADING_ID} intro={user ? undefined : t('intro')}>
        {user ? <LoggedInPanelIsland name={user.name} email={user.email} /> : <LoginFormIsland next={safeNextPath(next)} labelledBy={HEADING_ID} />}
      </AuthCard>
    </>
  );
}
