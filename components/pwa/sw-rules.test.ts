/** The service worker's rules (components/pwa/sw-rules.ts): what is kept, what never is, the offline page. */
import { describe, expect, it } from 'vitest';
import {
  OTHER_COOKIE_PATTERN,
  PERSONAL_HEADER,
  hasOtherCookies,
  htmlTitle,
  isEventStream,
  isRscRequest,
  isSavedApi,
  isSavedPage,
  offlinePageHtml,
  pageLocale,
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
