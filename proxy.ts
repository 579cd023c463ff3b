/**
 * Locale routing and the language cookie (spec §4 Language): the `siteLanguage` cookie holds
 * the visitor's choice. When the URL's language differs from the cookie and no language was
 * chosen before (no cookie), the URL's language is adopted and stored; when one was chosen,
 * the visitor is sent to the same page in the chosen language.
 */
import createMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { DEFAULT_LOCALE, LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE, isLocale, routing, stripLocale } from './lib/i18n/routing';

const intl = createMiddleware(routing);

function urlLocale(pathname: string) {
  const first = pathname.split('/')[1];
  return isLocale(first) ? first : DEFAULT_LOCALE;
}

export default function proxy(request: NextRequest) {
  const chosen = request.cookies.get(LANGUAGE_COOKIE)?.value;
  const fromUrl = urlLocale(request.nextUrl.pathname);
  if (isLocale(chosen) && chosen !== fromUrl && chosen !== DEFAULT_LOCALE) {
    // next-intl redirects unprefixed paths itself; prefixed ones are handled here.
    const url = request.nextUrl.clone();
    const rest = stripLocale(request.nextUrl.pathname);
    url.pathname = rest === '/' ? `/${chosen}` : `/${chosen}${rest}`;
    return NextResponse.redirect(url, 307);
  }
  if (isLocale(chosen) && chosen === DEFAULT_LOCALE && fromUrl !== DEFAULT_LOCALE) {
    const url = request.nextUrl.clone();
    url.pathname = stripLocale(request.nextUrl.pathname);
    return NextResponse.redirect(url, 307);
  }
  const response = intl(request);
  if (!isLocale(chosen)) {
    response.cookies.set(LANGUAGE_COOKIE, fromUrl, {
      path: request.nextUrl.basePath || '/',
      maxAge: LANGUAGE_COOKIE_MAX_AGE,
      sameSite: 'lax',
    });
  }
  return response;
}

export const config = {
  // '/' must be listed explicitly: with basePath '/ll' the regex alone never matches `/ll`.
  matcher: ['/', '/((?!api|_next|_vercel|uploads|.*\\..*).*)'],
};
