/**
 * Runs before every page (Next 16's name for middleware; Node.js runtime):
 *  - while the race database is down, pages that need it answer 503 "temporarily unavailable"
 *    with `Retry-After` (spec §8 Handling; DESIGN.md), pages that do not (home, about,
 *    contact, error) keep working from the CMS;
 *  - locale routing and the language cookie (spec §4 Language): the `siteLanguage` cookie holds
 *    the visitor's choice, made with the language switcher only (issue 25: "a visit is not a
 *    choice"). Without a choice the URL's language is the page's, and nothing is stored, so a
 *    shared `/fr/…` link opens in French after any English page view; with one, the visitor is
 *    sent to the same page in the chosen language. A link of the language globe followed without
 *    JavaScript (`?setLanguage=fr`) stores that choice and leads to the page in it, without the
 *    parameter;
 *  - the permission redirects of spec §6 (lib/server/permissions `permissionRedirect`, the same
 *    rules the API's users/current/hasPermission… calls answer): an event the visitor may not
 *    see goes to the default promoter's results, a refused promoter, race, series or online
 *    registration to /error, language-prefixed when not default; 307, without the request's
 *    query. Only routes that need a check read the settings (cached in process) and query the
 *    database, one query per check. A database outage (before or during a check) answers 503,
 *    never a redirect;
 *  - every reply carries the page's Content-Security-Policy with a nonce of its own, and HSTS when
 *    the site is served over https (issue 29);
 *  - pages the policy reserves to logins (lib/server/policy `pageNeedsLogin`: /admin …) send a
 *    visitor without a session cookie to the login page with `?next=`. Who may do what is
 *    decided by lib/server/policy alone; the §6 lookups use its visibility rule.
 */
import createMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { siteOrigin } from './lib/server/config/env';
import { contentSecurityPolicy, HSTS, newNonce } from './lib/server/http/csp';
import { CHOOSE_LANGUAGE_PARAM, DEFAULT_LOCALE, LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE, isLocale, pathLocale, routing, stripLocale, type Locale } from './lib/i18n/routing';
import { RETRY_AFTER_S, isDatabaseDown, isDatabaseUnavailable } from './lib/server/db/availability';
import { unavailablePage } from './lib/server/http/status-page';
import { permissionRedirect, permissionSettings } from './lib/server/permissions';
import { hasSessionCookie, loginTarget, pageNeedsLogin } from './lib/server/policy/pages';

const intl = createMiddleware(routing);

/** Pages rendered from the CMS alone: they stay up while the race database is down. */
const WITHOUT_DATABASE = new Set(['/', '/about-us', '/contact-us', '/error']);

/** The same page in `locale` (its prefix, none for the default language). */
function inLocale(pathname: string, locale: Locale): string {
  const rest = stripLocale(pathname);
  if (locale === DEFAULT_LOCALE) return rest;
  return rest === '/' ? `/${locale}` : `/${locale}${rest}`;
}

/** Stores `locale` as the visitor's choice in the siteLanguage cookie of `response`. */
function storeChoice(response: NextResponse, locale: Locale, basePath: string): NextResponse {
  response.cookies.set(LANGUAGE_COOKIE, locale, { path: basePath || '/', maxAge: LANGUAGE_COOKIE_MAX_AGE, sameSite: 'lax' });
  return response;
}

function unavailable(request: NextRequest, locale: Locale) {
  const { pathname, search, basePath } = request.nextUrl;
  const page = unavailablePage(locale, `${basePath}${pathname}${search}`, RETRY_AFTER_S);
  return new NextResponse(page.body, { status: page.status, headers: page.headers });
}

/**
 * Every page's Content-Security-Policy (issue 29, lib/server/http/csp.ts): a nonce made for this
 * request, given to Next in the request's own CSP header (Next writes it on every script of the
 * page) and sent on the reply, whatever the reply (a redirect, a 503 page, the page itself).
 */
export default async function proxy(request: NextRequest) {
  const policy = contentSecurityPolicy({ nonce: newNonce() });
  request.headers.set('content-security-policy', policy);
  const response = await route(request);
  response.headers.set('Content-Security-Policy', policy);
  if (siteOrigin().startsWith('https:')) response.headers.set('Strict-Transport-Security', HSTS);
  return response;
}

async function route(request: NextRequest) {
  const { pathname, basePath } = request.nextUrl;
  const chosen = request.cookies.get(LANGUAGE_COOKIE)?.value;
  const fromUrl = pathLocale(pathname).locale;
  if (isDatabaseDown() && !WITHOUT_DATABASE.has(stripLocale(pathname))) {
    return unavailable(request, isLocale(chosen) ? chosen : fromUrl);
  }
  const picked = request.nextUrl.searchParams.get(CHOOSE_LANGUAGE_PARAM);
  if (isLocale(picked)) {
    const url = request.nextUrl.clone();
    url.searchParams.delete(CHOOSE_LANGUAGE_PARAM);
    url.pathname = inLocale(pathname, picked);
    return storeChoice(NextResponse.redirect(url, 303), picked, basePath);
  }
  if (isLocale(chosen) && chosen !== fromUrl && chosen !== DEFAULT_LOCALE) {
    // next-intl redirects unprefixed paths itself; prefixed ones are handled here.
    const url = request.nextUrl.clone();
    url.pathname = inLocale(pathname, chosen);
    return NextResponse.redirect(url, 307);
  }
  if (isLocale(chosen) && chosen === DEFAULT_LOCALE && fromUrl !== DEFAULT_LOCALE) {
    const url = request.nextUrl.clone();
    url.pathname = stripLocale(pathname);
    return NextResponse.redirect(url, 307);
  }
  // Pages the policy reserves to logins (issue 22: /admin …): without a session, the login page
  // first; the page's own `authorize()` then refuses a login without the role (404).
  const path = stripLocale(pathname);
  if (pageNeedsLogin(path) && !hasSessionCookie(request.headers.get('cookie'))) {
    const url = request.nextUrl.clone();
    const target = loginTarget(fromUrl, path);
    url.pathname = target.pathname;
    url.search = target.search;
    return NextResponse.redirect(url, 307);
  }
  try {
    const target = await permissionRedirect(path, request.nextUrl.searchParams, fromUrl, () => permissionSettings());
    if (target) {
      const url = request.nextUrl.clone();
      url.pathname = target.pathname;
      url.search = target.search;
      return NextResponse.redirect(url, 307);
    }
  } catch (err) {
    if (!isDatabaseUnavailable(err)) throw err;
    return unavailable(request, isLocale(chosen) ? chosen : fromUrl);
  }
  // A visit is not a choice (issue 25): only the switcher writes the cookie.
  return intl(request);
}

export const config = {
  // '/' must be listed explicitly: with basePath '/ll' the regex alone never matches `/ll`.
  matcher: ['/', '/((?!api|_next|_vercel|uploads|.*\\..*).*)'],
};
