/**
 * Sessions and cross-site request forgery in the API (issue 11 "Privacy and security").
 *
 * - `sameOrigin`: every unsafe request (POST, PUT, PATCH, DELETE) whose `Origin` names another
 *   site, or that carries a cookie without showing it came from this site (`Origin` equal to
 *   the request's own origin — scheme, host and port, issue 29: `https://host` is not the plain
 *   `http://host` — or to the configured `SITE_URL`'s, or `Sec-Fetch-Site: same-origin`), or whose `Origin` is `null` without
 *   `Sec-Fetch-Site: same-origin`, answers 403 `invalid_origin`. With
 *   the session cookie's SameSite=Lax this is the CSRF protection of every form: a page of
 *   another site can neither post with the visitor's session nor log them into another account.
 *   Calls without cookies and without Origin (scripts, tests) pass: they carry no session.
 * - `sessionUser`: reads the session cookie once per request into `c.var.user` (null when
 *   logged out) and forwards the refreshed cookie of a session due for refresh.
 * - A route that needs a login asks the policy (`requirePermission`, lib/server/policy).
 * - `sessionLocale`: the session's language (the siteLanguage cookie), as langs/current answers it.
 */
import 'server-only';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { SessionUser } from '../../contracts/account';
import { AppError } from '../../errors';
import { DEFAULT_LOCALE, LANGUAGE_COOKIE, isLocale, type Locale } from '../../i18n/routing';
import { getSessionUser } from '../accounts/current-user';
import { siteOrigin } from '../config/env';
import { requestHostAndProto } from '../http/public-origin';

export type SessionVariables = { user: SessionUser | null };

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The origins a browser's `Origin` may name (scheme, host and port, as `URL.origin` writes them):
 * the request's own (the host and scheme publicOrigin reads too: ../http/public-origin.ts
 * `requestHostAndProto`) and the configured site's (`SITE_URL`).
 */
function allowedOrigins(c: Context): string[] {
  const { host, proto } = requestHostAndProto((name) => c.req.header(name));
  const origins = [siteOrigin()];
  if (host) {
    try {
      origins.push(new URL(`${proto}://${host}`).origin);
    } catch {
      // A Host that is no host names no origin.
    }
  }
  return origins;
}

/** 403 `invalid_origin` for an unsafe request from another site (see the module's docstring). */
export const sameOrigin: MiddlewareHandler = async (c, next) => {
  if (SAFE.has(c.req.method)) return next();
  const origin = c.req.header('origin');
  const fetchSite = c.req.header('sec-fetch-site');
  let fromHere = false;
  // `Origin: null` is an opaque origin (a sandboxed frame, a data: page, a cross-site redirect):
  // only the browser's own `Sec-Fetch-Site: same-origin` can vouch for it (the site's pages send
  // their real Origin anyway: Referrer-Policy strict-origin-when-cross-origin).
  if (origin === 'null' && fetchSite !== 'same-origin') throw new AppError('invalid_origin');
  if (origin && origin !== 'null') {
    try {
      fromHere = allowedOrigins(c).includes(new URL(origin).origin);
    } catch {
      fromHere = false;
    }
    if (!fromHere) throw new AppError('invalid_origin');
  }
  if (!fromHere && fetchSite) {
    if (fetchSite !== 'same-origin' && fetchSite !== 'none') throw new AppError('invalid_origin');
    fromHere = true;
  }
  if (!fromHere && c.req.header('cookie')) throw new AppError('invalid_origin');
  await next();
};

/** Puts the logged-in user (or null) in `c.var.user`; forwards a refreshed session cookie. */
export const sessionUser: MiddlewareHandler<{ Variables: SessionVariables }> = async (c, next) => {
  const { user, setCookies } = await getSessionUser(c.req.raw.headers);
  c.set('user', user);
  await next();
  // A reply that already sets the session cookie (login, logout, a closed account) decides it.
  const decided = c.res.headers.getSetCookie().some((cookie) => /^(?:__Secure-)?ll\.session_token=/.test(cookie));
  if (!decided) for (const cookie of setCookies) c.header('Set-Cookie', cookie, { append: true });
  if (user) c.header('Cache-Control', 'private, no-store');
};

/**
 * The language the server keeps for this visitor's session (spec §7 Language): the
 * `siteLanguage` cookie when it names a site language, else the default (en).
 */
export function sessionLocale(c: Context): Locale {
  const cookie = getCookie(c, LANGUAGE_COOKIE);
  return isLocale(cookie) ? cookie : DEFAULT_LOCALE;
}
