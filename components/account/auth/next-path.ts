/**
 * Where the login page sends a visitor once logged in (spec §2 /login; issue 11 "Privacy and
 * security"): the `next` query parameter, only when it is a path of this site. An open
 * redirect would let another site's link send a freshly logged-in visitor anywhere, so
 * anything else (`//host`, `/\host`, `https://…`, `javascript:…`, control characters, an
 * over-long value) falls back to `/account`. The base path (`/ll`) and a language prefix are
 * removed: the page adds the visitor's own language prefix itself.
 */
import { BASE_PATH } from '@/lib/config';
import { stripLocale } from '@/lib/i18n/routing';

/** Where a login goes without (a usable) `next`. */
export const DEFAULT_NEXT = '/account';

const MAX_LENGTH = 2048;

/**
 * The site path (without base path nor language prefix, query and fragment kept) that `next`
 * names, or `DEFAULT_NEXT`. A query value given twice counts by its first.
 */
export function safeNextPath(next: unknown): string {
  const value = Array.isArray(next) ? next[0] : next;
  if (typeof value !== 'string' || value.length > MAX_LENGTH) return DEFAULT_NEXT;
  // One leading slash, then not a second one nor a backslash; no backslash or control character anywhere.
  if (!/^\/(?![/\\])/.test(value) || /[\\\u0000-\u001f\u007f]/.test(value)) return DEFAULT_NEXT;
  let url: URL;
  try {
    url = new URL(value, 'http://site.invalid');
  } catch {
    return DEFAULT_NEXT;
  }
  if (url.origin !== 'http://site.invalid') return DEFAULT_NEXT;
  let pathname = url.pathname;
  if (pathname === BASE_PATH || pathname.startsWith(`${BASE_PATH}/`)) pathname = pathname.slice(BASE_PATH.length) || '/';
  pathname = stripLocale(pathname);
  // `/ll//host`, `/ll/..//host` or `/fr//host` leave `//host` once the prefixes are gone: never a path to hand on.
  if (!pathname.startsWith('/') || pathname.startsWith('//')) return DEFAULT_NEXT;
  // Back to the login page itself would only loop.
  if (/^\/login\/?$/i.test(pathname)) return DEFAULT_NEXT;
  return `${pathname}${url.search}${url.hash}`;
}
