/**
 * The logged-in user of the request being rendered, read once per render (React `cache`: the
 * header, the page and its metadata ask the same question) — `currentUser()` of
 * lib/server/accounts, which only queries the database when the request carries a session
 * cookie. Server components only.
 */
import 'server-only';
import type { SessionUser } from '@/lib/contracts/account';
import { currentUser } from '@/lib/server/accounts/current-user';

/**
 * The logged-in user (spec §6 Roles), or null when logged out. Throws when the session cannot
 * be read (database down). `currentUser` is already looked up once per render (React `cache`).
 */
export const viewer: () => Promise<SessionUser | null> = currentUser;

/**
 * The logged-in user for the site header: like `viewer`, but a failed lookup (the database is
 * down while a CMS-only page is served) shows the header as logged out instead of failing the page.
 */
export async function headerViewer(): Promise<SessionUser | null> {
  try {
    return await viewer();
  } catch (err) {
    console.error('[account] session lookup for the header failed', err);
    return null;
  }
}

/** The name the header shows: the profile's first name, else the first word of the account's name, else the email. */
export function shortName(user: Pick<SessionUser, 'firstName' | 'name' | 'email'>): string {
  return user.firstName?.trim() || user.name.trim().split(/\s+/)[0] || user.email;
}
