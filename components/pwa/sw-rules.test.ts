/** The service worker's rules (components/pwa/sw-rules.ts): what is kept, what never is, the offline page. */
import { describe, expect, it } from 'vitest';
import {
  OTHER_COOKIE_PATTERN,
  PERSONAL_HEADER,
  SAVED_AT_HEADER,
  cookieLocale,
  firstLoadUrls,
  hasOtherCookies,
  htmlTitle,
  isEventStream,
  isRscRequest,
  isSavedApi,
  isSavedPage,
  isSignOnPage,
  storableSignOn,
  isStaticAsset,
  localeVariants,
  offlineLocale,
  offlinePageHtml,
  pageLocale,
  savedTitle,
  serverErrorFallback,
  storable,
} from './sw-rules';

describe('saved pages', () => {
  it('keeps the trackside page and race pages in every language', () => {
    for (const p of ['/ll/liveonlivelaps', '/ll/fr/liveonlivelaps', '/ll/es/liveonlivelaps/', '/ll/races/12', '/ll/fr/races/12', '/ll/es/races/3']) expect(isSavedPage(p), p).toBe(true);
  });
  it('leaves every other page to the network', () => {
    for (const p of ['/ll', '/ll/', '/ll/events/3', '/ll/fr/series/1', '/ll/races', '/ll/races/1/2', '/liveonlivelaps', '/ll/api/v1/livelaps/race/1', '/ll/liveonlivelapsx']) expect(isSavedPage(p), p).toBe(false);
  });
  it('keeps the trackside and live GET reads, never the stream', () => {
    expect(isSavedApi('/ll/api/v1/livelaps/trackside/racer/3')).toBe(true);
    expect(isSavedApi('/ll/api/v1/livelaps/trackside/racer/3/laps')).toBe(true);
    expect(isSavedApi('/ll/api/v1/livelaps/live/sessions')).toBe(true);
    expect(isSavedApi('/ll/api/v1/livelaps/live/race/4')).toBe(true);
    expect(isSavedApi('/ll/api/v1/livelaps/live/race/4/stream')).toBe(false);
    expect(isSavedApi('/ll/api/v1/livelaps/user/searchUsers')).toBe(false);
    expect(isSavedApi('/ll/api/v1/livelaps/race/results/4')).toBe(false);
  });
  it('never takes a Server Component fetch or an event stream', () => {
    expect(isRscRequest(new Headers({ RSC: '1' }), new URL('http://x/ll/liveonlivelaps'))).toBe(true);
    expect(isRscRequest(new Headers(), new URL('http://x/ll/liveonlivelaps?_rsc=abc'))).toBe(true);
    expect(isRscRequest(new Headers({ Accept: 'text/html' }), new URL('http://x/ll/liveonlivelaps?tab=1'))).toBe(false);
    expect(isEventStream(new Headers({ Accept: 'text/event-stream' }))).toBe(true);
  });
  it('gives a page address its language', () => {
    expect(pageLocale('/ll/fr/races/1')).toBe('fr');
    expect(pageLocale('/ll/es')).toBe('es');
    expect(pageLocale('/ll/races/1')).toBe('en');
    expect(pageLocale('/elsewhere/fr/x')).toBe('en');
  });
});

describe('never a reply to a request carrying another cookie', () => {
  // Next matches a `has` header value against the whole value.
  const matches = (cookie: string) => new RegExp(`^${OTHER_COOKIE_PATTERN}$`).test(cookie);
  it('the server marks replies to requests with a cookie other than siteLanguage', () => {
    expect(matches('siteLanguage=fr')).toBe(false);
    expect(matches('siteLanguage=fr;')).toBe(false);
    expect(matches('siteLanguage=fr; session=abc')).toBe(true);
    expect(matches('session=abc; siteLanguage=fr')).toBe(true);
    expect(matches('better-auth.session_token=x')).toBe(true);
    expect(matches('siteLanguageX=1')).toBe(true);
  });
  it('the worker refuses what the server marked, and any reply but a plain 200', () => {
    const reply = (status: number, headers: Record<string, string> = {}, type: ResponseType = 'basic') => ({ status, type, headers: new Headers(headers) });
    expect(storable(reply(200, { 'Content-Type': 'text/html' }))).toBe(true);
    expect(storable(reply(200, { [PERSONAL_HEADER]: '1' }))).toBe(false);
    expect(storable(reply(404))).toBe(false);
    expect(storable(reply(503))).toBe(false);
    expect(storable(reply(0, {}, 'opaqueredirect'))).toBe(false);
    expect(storable(reply(200, {}, 'opaque'))).toBe(false);
    expect(storable(reply(200, { 'Content-Type': 'text/event-stream' }))).toBe(false);
    expect(hasOtherCookies(['siteLanguage'])).toBe(false);
    expect(hasOtherCookies(['siteLanguage', 'x'])).toBe(true);
  });
});

describe('the offline page', () => {
  const texts = { title: 'Vous êtes hors ligne', body: 'Pas enregistrée.', saved: 'Pages :', none: 'Aucune.', retry: 'Réessayer', home: 'Tours en direct' };
  it('is in the page language, lists the saved pages, escapes what it shows', () => {
    const html = offlinePageHtml('fr', texts, [{ url: '/ll/fr/races/3', title: 'Moto 1 <b>' }]);
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('href="/ll/fr/liveonlivelaps"');
    expect(html).toContain('<a href="/ll/fr/races/3">Moto 1 &lt;b&gt;</a>');
    expect(html).toContain('Réessayer');
    expect(offlinePageHtml('en', texts, [])).toContain('Aucune.');
  });
  it('reads a saved page title', () => {
    expect(htmlTitle('<head><title>Women &amp; Girls | FMQR</title></head>')).toBe('Women & Girls | FMQR');
    expect(htmlTitle('<p>none</p>')).toBeNull();
  });
});

describe('the saved copy when the site answers 5xx (a 503 while the database is down)', () => {
  const request = new Request('http://x/ll/fr/liveonlivelaps?tab=1&racer=7');
  const saved = new Response('saved', { status: 200, headers: { [SAVED_AT_HEADER]: '2026-06-14T10:00:00.000Z' } });
  it('answers with the saved copy when there is one', async () => {
    const plugin = serverErrorFallback(async () => saved);
    for (const status of [500, 502, 503, 504]) {
      expect(await plugin.fetchDidSucceed({ request, response: new Response('down', { status }) }), String(status)).toBe(saved);
    }
  });
  it('keeps the site’s reply without a saved copy, and any reply under 500', async () => {
    const down = new Response('down', { status: 503 });
    expect(await serverErrorFallback(async () => undefined).fetchDidSucceed({ request, response: down })).toBe(down);
    expect(await serverErrorFallback(async () => Promise.reject(new Error('no cache'))).fetchDidSucceed({ request, response: down })).toBe(down);
    const fine = new Response('ok', { status: 200 });
    const missing = new Response('gone', { status: 404 });
    const plugin = serverErrorFallback(async () => saved);
    expect(await plugin.fetchDidSucceed({ request, response: fine })).toBe(fine);
    expect(await plugin.fetchDidSucceed({ request, response: missing })).toBe(missing);
  });
  it('never stores a saved copy again (it would be dated anew)', () => {
    expect(storable({ status: 200, type: 'basic', headers: new Headers({ [SAVED_AT_HEADER]: '2026-06-14T10:00:00.000Z' }) })).toBe(false);
  });
});

describe('the build files (kept at runtime, nothing precached)', () => {
  it('are the /_next/static/ files of the site', () => {
    expect(isStaticAsset('/ll/_next/static/chunks/0a1b2c.js')).toBe(true);
    expect(isStaticAsset('/ll/_next/static/css/app.css')).toBe(true);
    expect(isStaticAsset('/ll/_next/image')).toBe(false);
    expect(isStaticAsset('/_next/static/chunks/x.js')).toBe(false);
    expect(isStaticAsset('/ll/liveonlivelaps')).toBe(false);
  });
  it('a first visit of a kept page asks to keep it and the build files it loaded; another page asks nothing', () => {
    const resources = ['http://x/ll/_next/static/chunks/a.js', '/ll/_next/static/css/b.css', 'http://x/ll/_next/static/chunks/a.js', 'http://cdn.example/_next/static/c.js', 'http://x/ll/uploads/logo.png', 'http://x/ll/api/v1/livelaps/live/sessions'];
    expect(firstLoadUrls({ origin: 'http://x', pathname: '/ll/fr/liveonlivelaps', search: '?tab=1&racer=7' }, resources)).toEqual([
      '/ll/fr/liveonlivelaps?tab=1&racer=7',
      'http://x/ll/_next/static/chunks/a.js',
      'http://x/ll/_next/static/css/b.css',
    ]);
    expect(firstLoadUrls({ origin: 'http://x', pathname: '/ll/events/3', search: '' }, resources)).toEqual([]);
  });
});

describe('a page never saved, asked offline (the installed app of a French visitor opens /ll/liveonlivelaps)', () => {
  it('looks for the same page in the cookie’s language first, then the others', () => {
    expect(localeVariants(new URL('http://x/ll/liveonlivelaps'), 'fr')).toEqual(['http://x/ll/fr/liveonlivelaps', 'http://x/ll/es/liveonlivelaps']);
    expect(localeVariants(new URL('http://x/ll/liveonlivelaps?tab=1&racer=7'), 'es')).toEqual([
      'http://x/ll/es/liveonlivelaps?tab=1&racer=7',
      'http://x/ll/fr/liveonlivelaps?tab=1&racer=7',
    ]);
    expect(localeVariants(new URL('http://x/ll/fr/races/3'), null)).toEqual(['http://x/ll/races/3', 'http://x/ll/es/races/3']);
    expect(localeVariants(new URL('http://x/ll/es'), 'en')).toEqual(['http://x/ll', 'http://x/ll/fr']);
    expect(localeVariants(new URL('http://x/elsewhere'), 'fr')).toEqual([]);
  });
  it('shows the offline page in the page’s language, or the cookie’s for an address without prefix', () => {
    expect(offlineLocale('/ll/liveonlivelaps', 'fr')).toBe('fr');
    expect(offlineLocale('/ll/liveonlivelaps', null)).toBe('en');
    expect(offlineLocale('/ll/es/races/3', 'fr')).toBe('es');
    expect(offlineLocale('/ll/en/races/3', 'fr')).toBe('en');
    expect(cookieLocale('fr')).toBe('fr');
    expect(cookieLocale('fr-CA')).toBeNull();
    expect(cookieLocale(undefined)).toBeNull();
  });
  it('lists the saved pages by their own titles, without the site’s name', () => {
    expect(savedTitle('RYAN CANAVAN – Laps | FMQR – Federation of Off-Road Motorcycle and Quad Racing')).toBe('RYAN CANAVAN – Laps');
    expect(savedTitle('Moto 1 | A | Site')).toBe('Moto 1 | A');
    expect(savedTitle('Live laps')).toBe('Live laps');
  });
});


describe('the desk’s sign-on page kept for a device with no connection (issue 27)', () => {
  it('keeps the sign-on list in every language, and nothing else of the desk', () => {
    expect(isSignOnPage('/ll/desk/events/26/sign-on')).toBe(true);
    expect(isSignOnPage('/ll/fr/desk/events/26/sign-on/')).toBe(true);
    expect(isSignOnPage('/ll/es/desk/events/26/sign-on')).toBe(true);
    expect(isSignOnPage('/ll/desk/events/26')).toBe(false);
    expect(isSignOnPage('/ll/desk/events/26/sign-on/waiver/7')).toBe(false);
    expect(isSignOnPage('/desk/events/26/sign-on')).toBe(false);
  });

  it('keeps the gate scanner too (issue 28), in every language, but not its waiver-signing pages', () => {
    expect(isSignOnPage('/ll/desk/events/26/gate')).toBe(true);
    expect(isSignOnPage('/ll/fr/desk/events/26/gate/')).toBe(true);
    expect(isSignOnPage('/ll/es/desk/events/26/gate')).toBe(true);
    expect(isSignOnPage('/ll/desk/events/26/gate/waiver/0b7c')).toBe(false);
    expect(isSignOnPage('/ll/desk/events/x/gate')).toBe(false);
    expect(firstLoadUrls({ origin: 'http://x', pathname: '/ll/fr/desk/events/26/gate', search: '' }, ['http://x/ll/_next/static/chunks/a.js'])).toEqual(['/ll/fr/desk/events/26/gate', 'http://x/ll/_next/static/chunks/a.js']);
  });

  it('keeps the scanner’s decoder, named by its version, like the build’s files', () => {
    expect(isStaticAsset('/ll/scanner/zxing_reader-3.1.3.wasm')).toBe(true);
    expect(isStaticAsset('/scanner/zxing_reader-3.1.3.wasm')).toBe(false);
    expect(isStaticAsset('/ll/scanner/zxing_reader.wasm')).toBe(false);
    expect(isStaticAsset('/ll/scanner/other.js')).toBe(false);
  });

  it('keeps only a plain HTML page, never the login page a redirect answered with', () => {
    const html = new Headers({ 'Content-Type': 'text/html; charset=utf-8' });
    expect(storableSignOn({ status: 200, type: 'basic', headers: html, redirected: false })).toBe(true);
    expect(storableSignOn({ status: 200, type: 'basic', headers: html, redirected: true })).toBe(false);
    expect(storableSignOn({ status: 503, type: 'basic', headers: html, redirected: false })).toBe(false);
    expect(storableSignOn({ status: 200, type: 'basic', headers: new Headers({ 'Content-Type': 'application/json' }), redirected: false })).toBe(false);
  });

  it('asks the worker to keep a first visit of the sign-on page with its build files', () => {
    expect(firstLoadUrls({ origin: 'https://x.test', pathname: '/ll/desk/events/26/sign-on', search: '' }, ['https://x.test/ll/_next/static/chunks/a.js'])).toEqual(['/ll/desk/events/26/sign-on', 'https://x.test/ll/_next/static/chunks/a.js']);
  });
});
