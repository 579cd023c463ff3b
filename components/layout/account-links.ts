/** What the header's account control and the drawer's account entries share (issue 11). */

/** The logged-in person as the header shows them (plain data from the server). */
export interface HeaderUser {
  /** First name, or the email when the account has no name. */
  name: string;
}

/** The account pages the menus link to (site paths without language prefix). */
export const ACCOUNT_PATH = '/account';
export const FAMILY_PATH = '/account/family';
export const LOGIN_PATH = '/login';

/** `aria-current="page"` when `href` is the page shown (`pathname` without language prefix). */
export function current(href: string, pathname: string): { 'aria-current'?: 'page' } {
  return pathname.replace(/\/+$/, '') === href ? { 'aria-current': 'page' } : {};
}
