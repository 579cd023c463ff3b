/**
 * The pages the policy guards before they render (issue 22), for `proxy.ts`: which action a
 * page path needs, and where a visitor without a session goes. Pure (no database): the proxy
 * only sees whether a session cookie is present; the page's own `authorize()` makes the real
 * check (a logged-in visitor without the role gets the 404 page).
 */
import 'server-only';
import type { Locale } from '../../config';
import { localizedPath } from '../../i18n/routing';
import { ANONYMOUS_ACTIONS, type Action } from './actions';

/** Page path prefixes (without base path and language) and the action each needs. */
const GUARDED: readonly (readonly [prefix: string, action: Action])[] = [
  // Before '/admin': the first prefix that matches decides.
  ['/admin/memberships', 'memberships.edit'],
  ['/admin/promo-codes', 'memberships.edit'],
  ['/admin/orders', 'orders.refund'],
  ['/admin', 'users.list'],
  ['/desk', 'desk.open'],
];

/** The action page `path` (without base path and language prefix) needs, or null for a page the policy does not guard here. */
export function pageAction(path: string): Action | null {
  for (const [prefix, action] of GUARDED) {
    if (path === prefix || path.startsWith(`${prefix}/`)) return action;
  }
  return null;
}

/** True when the page needs a login whatever the resource (the proxy sends a visitor without a session to the login). */
export function pageNeedsLogin(path: string): boolean {
  const action = pageAction(path);
  return action !== null && !ANONYMOUS_ACTIONS.has(action);
}

/** The login page in `locale`, coming back to `path` after (`?next=`). */
export function loginTarget(locale: Locale, path: string): { pathname: string; search: string } {
  return { pathname: localizedPath(locale, '/login'), search: `?next=${encodeURIComponent(path)}` };
}

/** True when the Cookie header holds the session cookie (plain, or `__Secure-` on https): `ll.session_token`, lib/server/accounts/auth.ts. */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return !!cookieHeader && /(?:^|;\s*)(?:__Secure-)?ll\.session_token=/.test(cookieHeader);
}
