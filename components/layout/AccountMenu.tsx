'use client';
/**
 * The logged-in person's account menu (issue 11 "Accounts": logout; spec §2 /login): in the
 * header, a button with their first name (or email) opening a menu — My account (/account),
 * Family (/account/family), Log out (POST /ll/api/v1/auth/logout, then a full navigation to the
 * home page, so no page of the session stays in the router's memory); at the end of the drawer,
 * the same entries. The menu is a popover (components/menu/popover-menu.ts: arrow keys, Escape,
 * focus back to the button); the button says it opens a menu (`aria-haspopup`, `aria-expanded`,
 * `aria-controls`). Loaded only for a logged-in visitor (./AccountButton.tsx, issue 23).
 */
import { useLocale, useTranslations } from 'next-intl';
import { useRef, useState, type ReactNode } from 'react';
import type { AccountCallError } from '@/lib/api/account-errors';
import { Icon } from '@/components/ui/Icon';
import { ACCOUNT_CIRCLE } from '@/components/ui/icons/account-circle';
import { FAMILY_RESTROOM } from '@/components/ui/icons/family-restroom';
import { LOGOUT } from '@/components/ui/icons/logout';
import { PERSON } from '@/components/ui/icons/person';
import { usePopoverMenu } from '@/components/menu/popover-menu';
import menuStyles from '@/components/menu/menu.module.css';
import { useOverlay } from './Overlay';
import { Notice } from './Notice';
import { Link, usePathname } from '@/lib/i18n/navigation';
import { ACCOUNT_PATH, FAMILY_PATH, current, type HeaderUser } from './account-links';
import styles from './shell.module.css';

/** Logs out and goes home (a full navigation); `failed` says so when the call did not succeed. */
function useLogoutAndLeave() {
  const locale = useLocale();
  const overlay = useOverlay();
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const run = () => {
    setFailed(false);
    setPending(true);
    // The call's code is fetched when used (issue 23): most pages are never left by logging out.
    const leave = import('@/lib/api/account-calls').then(async (calls) => {
      try {
        await calls.postLogout();
      } catch (err) {
        // Already logged out (the session expired): the header is just out of date.
        if ((err as AccountCallError).statusCode !== 401) throw err;
      }
      calls.navigateTo(calls.homePath(locale));
    });
    overlay.track(leave).catch(() => {
      setPending(false);
      setFailed(true);
    });
  };
  return { run, pending, failed, dismiss: () => setFailed(false) };
}

/** The logged-in person's menu in the header (see the file's docstring). */
export function AccountMenu({ user }: { user: HeaderUser }) {
  const t = useTranslations('account.header');
  const pathname = usePathname();
  const list = useRef<HTMLUListElement>(null);
  const menu = usePopoverMenu(list);
  const logout = useLogoutAndLeave();

  const item = (href: string, icon: ReactNode, label: string) => (
    <li role="none">
      <Link href={href} role="menuitem" className={menuStyles.menuItem} onClick={menu.close} {...current(href, pathname)}>
        {icon}
        {label}
      </Link>
    </li>
  );
  return (
    <>
      <button
        type="button"
        id="account-menu-button"
        className={styles.textButton}
        aria-label={t('menuOf', { name: user.name })}
        aria-haspopup="menu"
        aria-expanded={menu.open ? 'true' : 'false'}
        aria-controls="account-menu"
        popoverTarget="account-menu"
        disabled={logout.pending}
        style={{ anchorName: '--account-menu', flex: '0 1 auto' } as React.CSSProperties}
        data-testid="account-menu-button"
      >
        <Icon path={ACCOUNT_CIRCLE} />
        <span className={styles.userName}>{user.name}</span>
      </button>
      <ul
        ref={list}
        id="account-menu"
        role="menu"
        aria-labelledby="account-menu-button"
        className={menuStyles.popover}
        style={{ positionAnchor: '--account-menu' } as React.CSSProperties}
        onKeyDown={menu.onKeyDown}
        popover="auto"
      >
        {item(ACCOUNT_PATH, <Icon path={PERSON} size={20} />, t('myAccount'))}
        {item(FAMILY_PATH, <Icon path={FAMILY_RESTROOM} size={20} />, t('family'))}
        <li role="separator" className={menuStyles.separator} />
        <li role="none">
          <button
            type="button"
            role="menuitem"
            className={menuStyles.menuItem}
            onClick={() => {
              menu.close();
              logout.run();
            }}
            data-testid="logout"
          >
            <Icon path={LOGOUT} size={20} />
            {t('logout')}
          </button>
        </li>
      </ul>
      <LogoutFailed open={logout.failed} onClose={logout.dismiss} />
    </>
  );
}

/** The alert of a logout that did not go through (no connection …). */
function LogoutFailed({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations('account.header');
  return (
    <Notice open={open} onClose={onClose} severity="error" role="alert" autoHideMs={8000}>
      {t('logoutFailed')}
    </Notice>
  );
}

/** The logged-in person's entries at the end of the menu drawer: their name, My account, Family and Log out; `onDone` closes the drawer. */
export function AccountDrawerUser({ user, onDone }: { user: HeaderUser; onDone: () => void }) {
  const t = useTranslations('account.header');
  const pathname = usePathname();
  const logout = useLogoutAndLeave();
  const entry = (href: string, icon: ReactNode, label: string) => (
    <li>
      <Link href={href} onClick={onDone} className={menuStyles.drawerItem} {...current(href, pathname)}>
        <span className={menuStyles.drawerItemIcon}>
          {icon}
          {label}
        </span>
      </Link>
    </li>
  );
  return (
    <>
      <hr className={menuStyles.separator} />
      <p className={menuStyles.drawerAccountName}>{user.name}</p>
      <ul className={menuStyles.drawerList} aria-label={t('menuOf', { name: user.name })} data-testid="drawer-account">
        {entry(ACCOUNT_PATH, <Icon path={PERSON} />, t('myAccount'))}
        {entry(FAMILY_PATH, <Icon path={FAMILY_RESTROOM} />, t('family'))}
        <li>
          <button type="button" className={menuStyles.drawerItem} onClick={logout.run} disabled={logout.pending}>
            <span className={menuStyles.drawerItemIcon}>
              <Icon path={LOGOUT} />
              {t('logout')}
            </span>
          </button>
        </li>
      </ul>
      <LogoutFailed open={logout.failed} onClose={logout.dismiss} />
    </>
  );
}
