/**
 * Self-contained HTML replies sent without rendering the app (no database, no CMS needed):
 * 503 while the race database is down (spec §8 Handling; with `Retry-After`), sent by
 * `proxy.ts` (and by the site's server when renders are over their bound), 400 for an address
 * whose percent-encoding is malformed and 405 for a method no page serves, sent by the site's
 * server (`scripts/serve-site.ts`). In the visitor's language, with the site's security
 * headers, never cached.
 */
import { BASE_PATH, DEFAULT_LOCALE, REPLY_HEADERS, type Locale } from '../../config';
import { isLocale, localizedPath } from '../../i18n/routing';
import en from '../../../messages/en.json';
import es from '../../../messages/es.json';
import fr from '../../../messages/fr.json';

const MESSAGES: Record<Locale, typeof en> = { en, fr, es };

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(locale: Locale, title: string, body: string, link: { href: string; label: string }): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#212121;background:#fafafa}
main{max-width:36rem;margin:0 auto;padding:3rem 1.25rem}
h1{font-size:1.75rem;margin:0 0 1rem}
p{font-size:1.125rem;line-height:1.5}
a{display:inline-block;margin-top:1rem;padding:.75rem 1.25rem;background:#1976d2;color:#fff;border-radius:4px;text-decoration:none;font-weight:600}
a:focus-visible{outline:3px solid #ff8f00;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>${escape(title)}</h1>
<p>${escape(body)}</p>
<a href="${escape(link.href)}">${escape(link.label)}</a>
</main>
</body>
</html>`;
}

/** A reply to send as it is: status, headers and an HTML body. */
export interface StatusReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function reply(status: number, body: string, extra: Record<string, string> = {}): StatusReply {
  return {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...REPLY_HEADERS, ...extra },
    body,
  };
}

/** 503 "temporarily unavailable" with `Retry-After`; the button reloads `retryHref`. */
export function unavailablePage(locale: Locale, retryHref: string, retryAfterS: number): StatusReply {
  const t = MESSAGES[locale].status;
  return reply(503, page(locale, t.unavailableTitle, t.unavailableBody, { href: retryHref, label: t.retry }), {
    'Retry-After': String(retryAfterS),
  });
}

/** 400 for a malformed address, with a link to the home page in the visitor's language. */
export function badRequestPage(locale: Locale): StatusReply {
  const t = MESSAGES[locale].status;
  const home = localizedPath(locale, '/');
  return reply(400, page(locale, t.badRequestTitle, t.badRequestBody, { href: home === '/' ? BASE_PATH : `${BASE_PATH}${home}`, label: t.home }));
}

/**
 * 405 for a method no page serves (issue 22: `TRACE`, `PUT` on a page), with `Allow` naming the
 * ones it does and a link to the home page in the visitor's language.
 */
export function methodNotAllowedPage(locale: Locale, allow: string): StatusReply {
  const t = MESSAGES[locale].status;
  const home = localizedPath(locale, '/');
  return reply(405, page(locale, t.methodNotAllowedTitle, t.methodNotAllowedBody, { href: home === '/' ? BASE_PATH : `${BASE_PATH}${home}`, label: t.home }), { Allow: allow });
}

/**
 * The visitor's language for a reply built outside the app: the `siteLanguage` cookie when it
 * holds a language, else the URL's language prefix, else English.
 */
export function visitorLocale(pathname: string, cookie: string | undefined): Locale {
  if (isLocale(cookie)) return cookie;
  const first = (pathname.startsWith(BASE_PATH) ? pathname.slice(BASE_PATH.length) : pathname).split('/')[1];
  return isLocale(first) ? first : DEFAULT_LOCALE;
}
