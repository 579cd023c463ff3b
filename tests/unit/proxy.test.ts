/**
 * proxy.ts as Next runs it (a NextRequest under the base path /ll): the §6 permission
 * redirects with their language prefix (307, no query kept), after the 503 of a database
 * outage and the language-cookie redirects; pages that need no check pass untouched. The
 * lookups are stand-ins (tests/integration/permissions.test.ts runs the real ones).
 */
import { NextRequest, NextResponse } from 'next/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// next-intl's ESM build imports `next/server` without an extension, which Node's loader refuses
// outside Next's bundler: a stand-in answers the page (200) and records that it was reached.
const intl = vi.fn((_request: NextRequest) => NextResponse.next());
vi.mock('next-intl/middleware', () => ({ default: () => intl }));

const allowed = { event: new Set([10]), promoter: new Set([20]), race: new Set([30]), series: new Set([40]), registration: new Set([50]) };
const lookups = vi.fn<(rule: string, id: number) => void>();
let failWith: Error | null = null;
const answer = (rule: keyof typeof allowed) => async (id: number) => {
  lookups(rule, id);
  if (failWith) throw failWith;
  return allowed[rule].has(id) ? 1 : 0;
};
vi.mock('../../lib/server/permissions/display-event', () => ({ canDisplayEvent: answer('event') }));
vi.mock('../../lib/server/permissions/display-promoter', () => ({ canDisplayPromoter: answer('promoter') }));
vi.mock('../../lib/server/permissions/display-race', () => ({ canDisplayRace: answer('race') }));
vi.mock('../../lib/server/permissions/display-series', () => ({ canDisplaySeries: answer('series') }));
vi.mock('../../lib/server/permissions/display-series-for-promoter', () => ({ canDisplaySeriesForPromoter: answer('series') }));
vi.mock('../../lib/server/permissions/register-online', () => ({ canRegisterOnline: answer('registration'), canBuyTickets: answer('registration') }));
const settings = vi.fn(async () => ({ defaultPromoterUserId: 1, defaultPromoterList: [] as number[] }));
vi.mock('../../lib/server/permissions/settings', () => ({ permissionSettings: () => settings(), invalidatePermissionSettings: () => {} }));

const { default: proxy } = await import('../../proxy');
const { reportDatabaseError, reportDatabaseUp } = await import('../../lib/server/db/availability');

function request(path: string, cookie?: string) {
  return new NextRequest(`http://localhost:3000/ll${path}`, {
    headers: cookie ? { cookie } : {},
    nextConfig: { basePath: '/ll' },
  });
}

async function locationOf(path: string, cookie?: string) {
  const res = await proxy(request(path, cookie));
  return { status: res.status, location: res.headers.get('location') };
}

const NOT_FOUND = {
  en: 'The page you are looking for was not found',
  fr: 'La page que vous cherchez est introuvable',
  es: 'No se encontró la página que busca',
};
const errorUrl = (prefix: '' | '/fr' | '/es') =>
  `http://localhost:3000/ll${prefix}/error?message=${encodeURIComponent(NOT_FOUND[prefix === '' ? 'en' : prefix === '/fr' ? 'fr' : 'es'])}`;

beforeEach(() => {
  lookups.mockClear();
  settings.mockClear();
  failWith = null;
});
afterEach(() => reportDatabaseUp());

describe('the §6 redirects, in each language', () => {
  for (const prefix of ['', '/fr', '/es'] as const) {
    describe(prefix || 'en (no prefix)', () => {
      it('event display → the default promoter’s results', async () => {
        for (const path of ['/events', '/events/999999', '/events/abc', '/eventScores/999999', '/organizations/2/events/999999', '/organizations/events/x']) {
          expect(await locationOf(`${prefix}${path}`), path).toEqual({ status: 307, location: `http://localhost:3000/ll${prefix}/results/1` });
        }
      });

      it('promoter, race, series and online registration → /error', async () => {
        for (const path of ['/promoters/999999', '/promoters/events/999999', '/results/999999', '/races/999999', '/races/1%20', '/scores/999999', '/races/print/999999', '/scores/print/999999', '/scores/printc/999999', '/scores/printoa/999999', '/series/999999', '/spectator/999999', '/races?id_test=999999']) {
          expect(await locationOf(`${prefix}${path}`), path).toEqual({ status: 307, location: errorUrl(prefix) });
        }
      });

      it('lets an allowed page through (next-intl answers it)', async () => {
        for (const path of ['/events/10', '/eventScores/10', '/organizations/2/events/10', '/promoters/20', '/results/20', '/results/1', '/races/30', '/scores/print/30', '/races?id_test=30', '/series/40', '/spectator/50', '/races', '/spectator', '/series/oldPage', '/races/printScores']) {
          intl.mockClear();
          const res = await proxy(request(`${prefix}${path}`, `siteLanguage=${prefix ? prefix.slice(1) : 'en'}`));
          expect(res.status, path).toBe(200);
          expect(res.headers.get('location'), path).toBeNull();
          expect(intl, path).toHaveBeenCalledTimes(1);
        }
      });
    });
  }

  it('keeps no query string', async () => {
    expect((await locationOf('/fr/events/999999?tab=races&x=1')).location).toBe('http://localhost:3000/ll/fr/results/1');
    expect((await locationOf('/races?id_test=999999&view=class')).location).toBe(errorUrl(''));
  });

  it('queries the database once per checked page, never for the others', async () => {
    await proxy(request('/ll-home-is-not-a-route'));
    await proxy(request('/'));
    await proxy(request('/event-calendar'));
    await proxy(request('/about-us'));
    expect(lookups).not.toHaveBeenCalled();
    expect(settings).not.toHaveBeenCalled();
    await proxy(request('/races/30'));
    expect(lookups.mock.calls).toEqual([['race', 30]]);
  });

  it('reads the default promoter from the settings', async () => {
    settings.mockResolvedValueOnce({ defaultPromoterUserId: 7, defaultPromoterList: [] });
    expect((await locationOf('/es/events')).location).toBe('http://localhost:3000/ll/es/results/7');
    settings.mockResolvedValueOnce({ defaultPromoterUserId: 7, defaultPromoterList: [] });
    expect((await locationOf('/results/7')).status).toBe(200);
    expect(lookups).not.toHaveBeenCalled();
  });

  it('counts a failing lookup as refused', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    failWith = new Error('column "is_public" does not exist');
    expect((await locationOf('/fr/events/10')).location).toBe('http://localhost:3000/ll/fr/results/1');
    expect((await locationOf('/fr/races/30')).location).toBe(errorUrl('/fr'));
    log.mockRestore();
  });
});

describe('order: an outage is not a refusal', () => {
  const outage = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25432'), { code: 'ECONNREFUSED' });

  it('answers 503 while the database is known to be down, before any check', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    reportDatabaseError(outage());
    log.mockRestore();
    const res = await proxy(request('/fr/events/999999'));
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(lookups).not.toHaveBeenCalled();
  });

  it('answers 503 when the database fails during the check', async () => {
    failWith = outage();
    const res = await proxy(request('/events/10'));
    expect(res.status).toBe(503);
    expect(res.headers.get('location')).toBeNull();
  });

  it('sends a visitor to the language they chose before checking', async () => {
    expect(await locationOf('/fr/events/999999', 'siteLanguage=es')).toEqual({ status: 307, location: 'http://localhost:3000/ll/es/events/999999' });
    expect(lookups).not.toHaveBeenCalled();
    expect(await locationOf('/es/events/999999', 'siteLanguage=es')).toEqual({ status: 307, location: 'http://localhost:3000/ll/es/results/1' });
  });
});
