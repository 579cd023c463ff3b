'use client';
/**
 * The header's account control (issue 11 "Accounts": login, logout; spec §2 /login). Logged
 * out: a "Log in" link to /login beside the language globe. Logged in: the person's menu
 * (./AccountMenu.tsx), whose code only a logged-in visitor's page loads (issue 23: the pages of
 * the page cache are anonymous renders and never need it).
 *
 * On phones and tablets (the drawer layout) the same entries also appear at the end of the
 * drawer: `AccountDrawerEntries`. The user comes from the server (SiteHeader reads the session
 * cookie); a page served from the page cache is an anonymous render and shows "Log in".
 */
import { useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { Icon } from '@/components/ui/Icon';
import { LOGIN } from '@/components/ui/icons/login';
import menuStyles from '@/components/menu/menu.module.css';
import { Link, usePathname } from '@/lib/i18n/navigation';
import { LOGIN_PATH, current, type HeaderUser } from './account-links';
import styles from './shell.module.css';

export type { HeaderUser } from './account-links';

const AccountMenu = dynamic(() => import('./AccountMenu').then((m) => m.AccountMenu));
const AccountDrawerUser = dynamic(() => import('./AccountMenu').then((m) => m.AccountDrawerUser));

/** The header's control (see the file's docstring): "Log in", or the person's menu. */
export function AccountButton({ user }: { user: HeaderUser | null }) {
  const t = useTranslations('account.header');
  const pathname = usePathname();
  if (user) return <AccountMenu user={user} />;
  return (
    <Link href={LOGIN_PATH} className={styles.textButton} {...current(LOGIN_PATH, pathname)} data-testid="header-login">
      <Icon path={LOGIN} />
      {t('login')}
    </Link>
  );
}

/**
 * The account entries at the end of the menu drawer (phones and tablets): "Log in", or the
 * person's name with My account, Family and Log out. `onDone` closes the drawer.
 */
export function AccountDrawerEntries({ user, onDone }: { user: HeaderUser | null; onDone: () => void }) {
  const t = useTranslations('account.header');
  const pathname = usePathname();
  if (user) return <AccountDrawerUser user={user} onDone={onDone} />;
  return (
    <>
      <hr className={menuStyles.separator} />
      <ul className={menuStyles.drawerList} aria-label={t('login')} data-testid="drawer-account">
        <li>
          <Link href={LOGIN_PATH} onClick={onDone} className={menuStyles.drawerItem} {...current(LOGIN_PATH, pathname)}>
            <span className={menuStyles.drawerItemIcon}>
              <Icon path={LOGIN} />
              {t('login')}
            </span>
          </Link>
        </li>
      </ul>
    </>
  );
}
