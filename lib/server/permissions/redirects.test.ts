/**
 * The §6 redirects: which routes are checked, with which id (spec §2 route parameters `id`
 * and `id_test`), against which settings, and where a refused visitor lands in each language.
 * The six lookups are stand-ins here; tests/integration/permissions.test.ts runs the real ones.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Permission } from '../../contracts/permissions';
import { permissionRedirect, routeCheck, type PermissionChecks } from './redirects';
import type { PermissionSettings } from './settings';

const q = (s = '') => new URLSearchParams(s);
const NOT_FOUND = {
  en: 'The page you are looking for was not found',
  fr: 'La page que vous cherchez est introuvable',
  es: 'No se encontró la página que busca',
};

describe('routeCheck: the routes §6 checks and their ids', () => {
  it.each([
    ['/events', { rule: 'event', id: null }],
    ['/events/12', { rule: 'event', id: 12 }],
    ['/events/12/', { rule: 'event', id: 12 }],
    ['/events/abc', { rule: 'event', id: null }],
    ['/events/1%20', { rule: 'event', id: null }],
    ['/events/%FF', { rule: 'event', id: null }],
    ['/events/01', { rule: 'event', id: null }],
    ['/events/2147483648', { rule: 'event', id: null }],
    ['/events/1/2', { rule: 'event', id: null }],
    ['/eventScores', { rule: 'event', id: null }],
    ['/eventScores/7', { rule: 'event', id: 7 }],
    ['/organizations/3/events/7', { rule: 'event', id: 7 }],
    ['/organizations/events/7', { rule: 'event', id: 7 }],
    ['/organizations/3/events/x', { rule: 'event', id: null }],
    ['/promoters/5', { rule: 'promoter', id: 5 }],
    ['/promoters/x', { rule: 'promoter', id: null }],
    ['/promoters/events/5', { rule: 'promoter', id: 5 }],
    ['/promoters/events/0', { rule: 'promoter', id: null }],
    ['/results/5', { rule: 'promoter', id: 5 }],
    ['/results/abc', { rule: 'promoter', id: null }],
    ['/races/9', { rule: 'race', id: 9 }],
    ['/races/9%00', { rule: 'race', id: null }],
    ['/races/9/10', { rule: 'race', id: null }],
    ['/races/print/9', { rule: 'race', id: 9 }],
    ['/races/print/x', { rule: 'race', id: null }],
    ['/scores/9', { rule: 'race', id: 9 }],
    ['/scores/print/9', { rule: 'race', id: 9 }],
    ['/scores/printc/9', { rule: 'race', id: 9 }],
    ['/scores/printoa/9', { rule: 'race', id: 9 }],
    ['/series/4', { rule: 'series', id: 4 }],
    ['/series/four', { rule: 'series', id: null }],
    ['/spectator/8', { rule: 'tickets', id: 8 }],
    ['/events/8/register', { rule: 'registration', id: 8 }],
    ['/events/x/register', { rule: 'registration', id: null }],
    ['/spectator/-8', { rule: 'tickets', id: null }],
  ])('%s', (path, expected) => {
    expect(routeCheck(path, q())).toEqual(expected);
  });

  it.each([
    '/',
    '/results',
    '/promoters',
    '/promoters/events',
    '/promoters/5/extra',
    '/organizations',
    '/organizations/3',
    '/organizations/3/events',
    '/organizations/events',
    '/organizations/3/calendar',
    '/races',
    '/races/print',
    '/races/printScores',
    '/scores',
    '/scores/print',
    '/scores/printc',
    '/scores/printoa',
    '/scores/printScores',
    '/series',
    '/series/oldPage',
    '/spectator',
    '/event-calendar',
    '/Events/5',
    '/error',
  ])('%s needs no check', (path) => {
    expect(routeCheck(path, q())).toBeNull();
  });

  it('reads id_test on race pages without a path id (spec §2)', () => {
    expect(routeCheck('/races', q('id_test=9'))).toEqual({ rule: 'race', id: 9 });
    expect(routeCheck('/scores', q('id_test=9&tab=x'))).toEqual({ rule: 'race', id: 9 });
    expect(routeCheck('/races', q('id_test=abc'))).toEqual({ rule: 'race', id: null });
    expect(routeCheck('/races', q('id_test='))).toEqual({ rule: 'race', id: null });
    expect(routeCheck('/races', q('id_test=1&id_test=2'))).toEqual({ rule: 'race', id: null });
    expect(routeCheck('/races/5', q('id_test=9'))).toEqual({ rule: 'race', id: 5 });
    expect(routeCheck('/events', q('id_test=9'))).toEqual({ rule: 'event', id: null });
  });
});

/** Stand-in lookups: `allowed` ids answer 1; each call is recorded. */
function fakeChecks(allowed: Partial<Record<keyof PermissionChecks, number[]>>, fail?: Error) {
  const calls: [string, number, unknown][] = [];
  const make = (name: keyof PermissionChecks) =>
    vi.fn(async (id: number, arg: unknown): Promise<Permission> => {
      calls.push([name, id, arg]);
      if (fail) throw fail;
      return allowed[name]?.includes(id) ? 1 : 0;
    });
  const checks: PermissionChecks = {
    displayEvent: make('displayEvent'),
    forPromoterId: make('forPromoterId'),
    displayRace: make('displayRace'),
    displaySeriesForPromoter: make('displaySeriesForPromoter'),
    displaySeries: make('displaySeries'),
    registerOnline: make('registerOnline'),
    buyTickets: make('buyTickets'),
  };
  return { checks, calls };
}

const SETTINGS: PermissionSettings = { defaultPromoterUserId: 1, defaultPromoterList: [] };
const settings = (s: PermissionSettings = SETTINGS) => vi.fn(async () => s);

describe('permissionRedirect: where a refused visitor goes (spec §6), in each language', () => {
  const { checks } = fakeChecks({ displayEvent: [10], forPromoterId: [20], displayRace: [30], displaySeries: [40], displaySeriesForPromoter: [41], registerOnline: [50], buyTickets: [50] });
  const run = (path: string, locale: 'en' | 'fr' | 'es', search = '', s?: PermissionSettings) => permissionRedirect(path, q(search), locale, settings(s), checks);

  const prefix = { en: '', fr: '/fr', es: '/es' } as const;
  const error = (locale: 'en' | 'fr' | 'es') => ({ pathname: `${prefix[locale]}/error`, search: `?message=${encodeURIComponent(NOT_FOUND[locale])}` });
  const results = (locale: 'en' | 'fr' | 'es', id = 1) => ({ pathname: `${prefix[locale]}/results/${id}`, search: '' });

  for (const locale of ['en', 'fr', 'es'] as const) {
    describe(locale, () => {
      it('event display: no id, a malformed id, a refused event → the default promoter’s results', async () => {
        for (const path of ['/events', '/events/abc', '/events/999', '/eventScores', '/eventScores/999', '/organizations/3/events/999', '/organizations/events/abc']) {
          expect(await run(path, locale), path).toEqual(results(locale));
        }
        expect(await run('/events/999', locale, '', { defaultPromoterUserId: 7, defaultPromoterList: [] })).toEqual(results(locale, 7));
        for (const path of ['/events/10', '/eventScores/10', '/organizations/3/events/10', '/organizations/events/10']) {
          expect(await run(path, locale), path).toBeNull();
        }
      });

      it('promoter display: refused or malformed → /error; the default promoter is not checked', async () => {
        for (const path of ['/promoters/21', '/promoters/events/21', '/results/21', '/results/abc', '/promoters/x']) {
          expect(await run(path, locale), path).toEqual(error(locale));
        }
        for (const path of ['/promoters/20', '/promoters/events/20', '/results/20', '/results/1', '/promoters/1', '/promoters', '/results']) {
          expect(await run(path, locale), path).toBeNull();
        }
      });

      it('race display: only with an id; refused or malformed → /error', async () => {
        for (const path of ['/races/31', '/scores/31', '/races/print/31', '/scores/print/31', '/scores/printc/31', '/scores/printoa/31', '/races/1%20']) {
          expect(await run(path, locale), path).toEqual(error(locale));
        }
        expect(await run('/races', locale, 'id_test=31')).toEqual(error(locale));
        for (const path of ['/races/30', '/scores/30', '/races/print/30', '/scores/printoa/30', '/races', '/scores', '/races/printScores']) {
          expect(await run(path, locale), path).toBeNull();
        }
        expect(await run('/races', locale, 'id_test=30')).toBeNull();
      });

      it('series display: against the default promoter user id, or the list when configured', async () => {
        expect(await run('/series/40', locale)).toBeNull();
        expect(await run('/series/41', locale)).toEqual(error(locale));
        const list = { defaultPromoterUserId: 1, defaultPromoterList: [1, 2] };
        expect(await run('/series/41', locale, '', list)).toBeNull();
        expect(await run('/series/40', locale, '', list)).toEqual(error(locale));
        expect(await run('/series/x', locale)).toEqual(error(locale));
        expect(await run('/series', locale)).toBeNull();
        expect(await run('/series/oldPage', locale)).toBeNull();
      });

      it('online registration: only with an id; refused or malformed → /error', async () => {
        expect(await run('/spectator/50', locale)).toBeNull();
        expect(await run('/spectator/51', locale)).toEqual(error(locale));
        expect(await run('/spectator/abc', locale)).toEqual(error(locale));
        expect(await run('/spectator', locale)).toBeNull();
      });
    });
  }

  it('never keeps the request’s query', async () => {
    expect(await run('/events/999', 'fr', 'tab=races&x=1')).toEqual(results('fr'));
    expect((await run('/races', 'en', 'id_test=31&view=class'))?.search).not.toContain('id_test');
  });
});

describe('permissionRedirect: what it asks', () => {
  it('passes the spec’s arguments to each lookup', async () => {
    const { checks, calls } = fakeChecks({});
    const s = settings({ defaultPromoterUserId: 3, defaultPromoterList: [3, 4] });
    for (const path of ['/events/10', '/promoters/20', '/races/30', '/series/40', '/spectator/50']) await permissionRedirect(path, q(), 'en', s, checks);
    await permissionRedirect('/series/40', q(), 'en', settings({ defaultPromoterUserId: 3, defaultPromoterList: [] }), checks);
    expect(calls).toEqual([
      ['displayEvent', 10, 3],
      ['forPromoterId', 20, [3, 4]],
      ['displayRace', 30, 3],
      ['displaySeriesForPromoter', 40, [3, 4]],
      ['buyTickets', 50, 3],
      ['displaySeries', 40, 3],
    ]);
  });

  it('reads neither the settings nor the database for routes without a check; a malformed id queries nothing', async () => {
    const { checks, calls } = fakeChecks({});
    const s = settings();
    for (const path of ['/', '/results', '/event-calendar', '/races', '/series/oldPage', '/spectator', '/about-us']) {
      expect(await permissionRedirect(path, q(), 'en', s, checks)).toBeNull();
    }
    expect(s).not.toHaveBeenCalled();
    await permissionRedirect('/races/abc', q(), 'en', s, checks);
    await permissionRedirect('/events', q(), 'en', s, checks);
    expect(calls).toEqual([]);
  });

  it('does not check the default promoter (its id equals the default promoter user id)', async () => {
    const { checks, calls } = fakeChecks({});
    expect(await permissionRedirect('/promoters/1', q(), 'en', settings(), checks)).toBeNull();
    expect(await permissionRedirect('/results/1', q(), 'en', settings(), checks)).toBeNull();
    expect(calls).toEqual([]);
  });

  it('counts a failing lookup as refused, and rethrows a database outage', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = fakeChecks({}, new Error('relation does not exist')).checks;
    expect(await permissionRedirect('/events/10', q(), 'fr', settings(), broken)).toEqual({ pathname: '/fr/results/1', search: '' });
    expect((await permissionRedirect('/races/30', q(), 'es', settings(), broken))?.pathname).toBe('/es/error');
    log.mockRestore();
    const down = fakeChecks({}, Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })).checks;
    await expect(permissionRedirect('/events/10', q(), 'en', settings(), down)).rejects.toThrow('ECONNREFUSED');
  });
});
