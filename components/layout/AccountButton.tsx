'use client';
/**
 * The header's account control (issue 11 "Accounts": login, logout; spec §2 /login). Logged
 * out: a "Log in" link to /login beside the language globe. Logged in: a button with the
 * person's first name (or email) opening a menu — My account (/account), Family
 * (/account/family), Log out (POST /ll/api/v1/auth/logout, then a full navigation to the home
 * page, so no page of the session stays in the router's memory). MUI's Menu gives the
 * keyboard and screen-reader behaviour (arrow keys, Escape, focus back to the button); the
 * button says it opens a menu (`aria-haspopup`, `aria-expanded`, `aria-controls`).
 *
 * On phones and tablets (the drawer layout) the same entries also appear at the end of the
 * drawer: `AccountDrawerEntries`. The user comes from the server (SiteHeader reads the session
 * cookie); a page served from the page cache is an anonymous render and shows "Log in".
 */
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import FamilyRestroomIcon from '@mui/icons-material/FamilyRestroom';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Snackbar from '@mui/material/Snackbar';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { homePath, navigateTo, postLogout } from '@/lib/api/account-calls';
import type { AccountCallError } from '@/lib/api/account-errors';
import { useOverlay } from './Overlay';
import { Link, usePathname } from '@/lib/i18n/navigation';

/** The logged-in person as the header shows them (plain data from the server). */
export interface HeaderUser {
  /** First name, or the email when the account has no name. */
  name: string;
}

/** The account pages the menu links to (site paths without language prefix). */
const ACCOUNT_PATH = '/account';
const FAMILY_PATH = '/account/family';
const LOGIN_PATH = '/login';

/** Logs out and goes home (a full navigation); `failed` says so when the call did not succeed. */
function useLogoutAndLeave() {
  const locale = useLocale();
  const overlay = useOverlay();
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const run = () => {
    setFailed(false);
    setPending(true);
    overlay.track(postLogout()).then(
      () => navigateTo(homePath(locale)),
      (err: AccountCallError) => {
        // Already logged out (the session expired): the header is just out of date.
        if (err.statusCode === 401) return navigateTo(homePath(locale));
        setPending(false);
        setFailed(true);
      },
    );
  };
  return { run, pending, failed, dismiss: () => setFailed(false) };
}

/** `aria-current="page"` when `href` is the page shown. */
function current(href: string, pathname: string): { 'aria-current'?: 'page' } {
  return pathname.replace(/\/+$/, '') === href ? { 'aria-current': 'page' } : {};
}

/** The header's control (see the file's docstring): "Log in", or the person's menu. */
export function AccountButton({ user, color }: { user: HeaderUser | null; color: string }) {
  const t = useTranslations('account.header');
  const pathname = usePathname();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const logout = useLogoutAndLeave();

  if (!user) {
    return (
      <Button
        component={Link}
        href={LOGIN_PATH}
        startIcon={<LoginIcon />}
        {...current(LOGIN_PATH, pathname)}
        sx={{ color, textTransform: 'none', fontSize: 15, whiteSpace: 'nowrap', flex: 'none' }}
        data-testid="header-login"
      >
        {t('login')}
      </Button>
    );
  }

  const close = () => setAnchor(null);
  return (
    <>
      <Button
        id="account-menu-button"
        aria-label={t('menuOf', { name: user.name })}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? 'account-menu' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        startIcon={<AccountCircleIcon />}
        disabled={logout.pending}
        sx={{ color, textTransform: 'none', fontSize: 15, minWidth: 0, flex: '0 1 auto', '&.Mui-disabled': { color, opacity: 0.6 } }}
        data-testid="account-menu-button"
      >
        <Box component="span" sx={{ maxWidth: { xs: 88, sm: 180 }, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {user.name}
        </Box>
      </Button>
      <Menu
        id="account-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': 'account-menu-button' } }}
      >
        <MenuItem component={Link} href={ACCOUNT_PATH} onClick={close} {...current(ACCOUNT_PATH, pathname)}>
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          {t('myAccount')}
        </MenuItem>
        <MenuItem component={Link} href={FAMILY_PATH} onClick={close} {...current(FAMILY_PATH, pathname)}>
          <ListItemIcon>
            <FamilyRestroomIcon fontSize="small" />
          </ListItemIcon>
          {t('family')}
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            logout.run();
          }}
          data-testid="logout"
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('logout')}
        </MenuItem>
      </Menu>
      <LogoutFailed open={logout.failed} onClose={logout.dismiss} />
    </>
  );
}

/** The alert of a logout that did not go through (no connection …). */
function LogoutFailed({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations('account.header');
  return (
    <Snackbar open={open} onClose={onClose} autoHideDuration={8000} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
      <Alert severity="error" role="alert" onClose={onClose} variant="filled">
        {t('logoutFailed')}
      </Alert>
    </Snackbar>
  );
}

/**
 * The account entries at the end of the menu drawer (phones and tablets): "Log in", or the
 * person's name with My account, Family and Log out. `onDone` closes the drawer.
 */
export function AccountDrawerEntries({ user, onDone }: { user: HeaderUser | null; onDone: () => void }) {
  const t = useTranslations('account.header');
  const pathname = usePathname();
  const logout = useLogoutAndLeave();
  const entry = (href: string, icon: React.ReactNode, label: string) => (
    <ListItem disablePadding>
      <ListItemButton component={Link} href={href} onClick={onDone} {...current(href, pathname)} selected={!!current(href, pathname)['aria-current']}>
        <ListItemIcon sx={{ minWidth: 40 }}>{icon}</ListItemIcon>
        <ListItemText primary={label} />
      </ListItemButton>
    </ListItem>
  );
  return (
    <>
      <Divider />
      <List
        aria-label={user ? t('menuOf', { name: user.name }) : t('login')}
        subheader={
          user ? (
            <ListSubheader component="div" sx={{ lineHeight: 2.5, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {user.name}
            </ListSubheader>
          ) : undefined
        }
        data-testid="drawer-account"
      >
        {user ? (
          <>
            {entry(ACCOUNT_PATH, <PersonIcon />, t('myAccount'))}
            {entry(FAMILY_PATH, <FamilyRestroomIcon />, t('family'))}
            <ListItem disablePadding>
              <ListItemButton onClick={logout.run} disabled={logout.pending}>
                <ListItemIcon sx={{ minWidth: 40 }}>
                  <LogoutIcon />
                </ListItemIcon>
                <ListItemText primary={t('logout')} />
              </ListItemButton>
            </ListItem>
          </>
        ) : (
          entry(LOGIN_PATH, <LoginIcon />, t('login'))
        )}
      </List>
      <LogoutFailed open={logout.failed} onClose={logout.dismiss} />
    </>
  );
}
