import { describe, expect, it } from 'vitest';
import { menuSchema, type MenuItem } from '../../lib/cms/schemas';
import { parseId, parseOptionalId } from '../../lib/contracts/ids';
import { matchPageTitle, visibleMenu } from '../../lib/navigation';

type ItemInput = Omit<Partial<MenuItem>, 'sub_menus'> & { id: number; name: string; sub_menus?: Record<string, unknown>[] };

const item = (over: ItemInput): MenuItem =>
  menuSchema.parse({ Visible: true, sort_order: over.id, ...over });

const menu: MenuItem[] = [
  item({ id: 3, name: 'Résultats', Link: '/results/1', sort_order: 3 }),
  item({ id: 1, name: 'Accueil', Link: '/', sort_order: 1 }),
  item({ id: 5, name: 'Règlements', Link: '/simple-page/rulebook', bHideOnTopMenu: true, sort_order: 5 }),
  item({ id: 6, name: 'Brouillon', Link: '/draft', Visible: false, sort_order: 6 }),
  item({
    id: 4,
    name: 'Fédération',
    sort_order: 4,
    sub_menus: [
      { id: 11, Name: 'Nous joindre', Link: '/contact-us', Sort_Order: 2, Visible: true },
      { id: 10, Name: 'Commanditaires', Link: '/sponsors', Sort_Order: 1, Visible: true, page_path: '/api/sponsors' },
      { id: 12, Name: 'Caché', Link: '/hidden', Sort_Order: 3, Visible: false },
    ],
  }),
  item({ id: 2, name: 'Calendrier', Link: '/event-calendar', sort_order: 2 }),
];

describe('menu visibility (spec §2 Navigation)', () => {
  it('shows only Visible items, sorted by sort_order; the top menu also hides bHideOnTopMenu', () => {
    expect(visibleMenu(menu, 'top').map((m) => m.label)).toEqual(['Accueil', 'Calendrier', 'Résultats', 'Fédération']);
    expect(visibleMenu(menu, 'drawer').map((m) => m.label)).toEqual(['Accueil', 'Calendrier', 'Résultats', 'Fédération', 'Règlements']);
  });

  it('orders sub-menus by Sort_Order and drops hidden ones', () => {
    const federation = visibleMenu(menu, 'top').find((m) => m.label === 'Fédération')!;
    expect(federation.children.map((c) => c.label)).toEqual(['Commanditaires', 'Nous joindre']);
  });

  it('treats an item without the Visible flag as hidden', () => {
    const bare = menuSchema.parse({ id: 9, name: 'No flag' });
    expect(visibleMenu([bare], 'drawer')).toEqual([]);
  });
});

describe('page title matching (spec §2 Navigation)', () => {
  it('matches the path against menu links, ignoring the base path and language prefixes', () => {
    expect(matchPageTitle('/results/1', menu)).toMatchObject({ kind: 'menu', title: 'Résultats' });
    expect(matchPageTitle('/fr/results/1', menu)).toMatchObject({ kind: 'menu', title: 'Résultats' });
    expect(matchPageTitle('/ll/es/event-calendar/', menu)).toMatchObject({ kind: 'menu', title: 'Calendrier' });
    expect(matchPageTitle('/ll/fr', menu)).toMatchObject({ kind: 'menu', title: 'Accueil' });
    expect(matchPageTitle('/en/Event-Calendar?x=1', menu)).toMatchObject({ kind: 'menu', title: 'Calendrier' });
  });

  it('matches sub-menu links and carries their page_path', () => {
    expect(matchPageTitle('/fr/sponsors', menu)).toEqual({ kind: 'menu', title: 'Commanditaires', pagePath: '/api/sponsors' });
  });

  it('treats login, contact-us and about-us specially', () => {
    expect(matchPageTitle('/es/login', menu)).toEqual({ kind: 'login' });
    expect(matchPageTitle('/fr/contact-us', menu)).toEqual({ kind: 'contact' });
    expect(matchPageTitle('/about-us', menu)).toEqual({ kind: 'about' });
  });

  it('finds nothing for a path outside the menu', () => {
    expect(matchPageTitle('/races/12', menu)).toEqual({ kind: 'none' });
    expect(matchPageTitle('/french-page', menu)).toEqual({ kind: 'none' });
  });
});

describe('route ids (lib/contracts/ids.ts, spec §2 routes with an id)', () => {
  it('reads a positive whole number written as plain digits', () => {
    expect(parseId('1')).toBe(1);
    expect(parseId('2147483647')).toBe(2_147_483_647);
    expect(parseId(['12', 'x'])).toBe(12);
    expect(parseOptionalId(['7'])).toBe(7);
  });

  it('refuses /events/1%20 and /races/1%00 whether Next hands the segment encoded or decoded', () => {
    for (const raw of ['1 ', '1%20', '1\u0000', '1%00', ' 1', '%201', '1\n', '1%0A', '1\t', '1/', '1%2F', '1+', '1.0', '1e3', '0x1', '１']) {
      expect(parseId(raw), JSON.stringify(raw)).toBeNull();
      expect(parseOptionalId([raw]), JSON.stringify(raw)).toBeNull();
    }
  });

  it('refuses zero, leading zeros, signs, numbers beyond int4 and missing or extra segments', () => {
    for (const raw of ['0', '01', '-1', '+1', '2147483648', '99999999999', '', undefined]) expect(parseId(raw)).toBeNull();
    expect(parseOptionalId(undefined)).toBeNull();
    expect(parseOptionalId([])).toBeNull();
    expect(parseOptionalId(['1', '2'])).toBeNull();
  });
});

describe('breadcrumbs (spec §2 Layouts)', () => {
  it('puts a sub-menu page under its parent menu item, a top-level page under nothing but Home', async () => {
    const { breadcrumbTrail } = await import('../../lib/navigation');
    expect(breadcrumbTrail('/fr/contact-us', menu)).toEqual([{ label: 'Fédération', href: null }]);
    expect(breadcrumbTrail('/event-calendar', menu)).toEqual([]);
    expect(breadcrumbTrail('/', menu)).toEqual([]);
  });

  it('puts a page outside the menu under the entry whose link is its longest path prefix', async () => {
    const { breadcrumbTrail } = await import('../../lib/navigation');
    expect(breadcrumbTrail('/es/results/1/extra', menu)).toEqual([{ label: 'Résultats', href: '/results/1' }]);
    expect(breadcrumbTrail('/sponsors/summit', menu)).toEqual([
      { label: 'Fédération', href: null },
      { label: 'Commanditaires', href: '/sponsors' },
    ]);
    expect(breadcrumbTrail('/draft/page', menu)).toEqual([]);
    expect(breadcrumbTrail('/unknown', menu)).toEqual([]);
  });
});

describe('tab set (spec §2 Navigation: home 0 … profile 4)', () => {
  it('reads the tab from a whole number in range, else the first tab', async () => {
    const { tabFromQuery } = await import('../../lib/contracts/navigation');
    expect(tabFromQuery('2')).toBe(2);
    expect(tabFromQuery(' 4 ')).toBe(4);
    for (const bad of ['5', '-1', '1.5', 'x', '', null, undefined, '1e1']) expect(tabFromQuery(bad)).toBe(0);
  });

  it('rotates left and right with wrap-around', async () => {
    const { rotateTab } = await import('../../lib/contracts/navigation');
    expect(rotateTab(4, 1)).toBe(0);
    expect(rotateTab(0, -1)).toBe(4);
    expect(rotateTab(2, 1)).toBe(3);
    expect(rotateTab(1, -1, 3)).toBe(0);
  });

  it('reloads only #calendar and #series links', async () => {
    const { reloadsWithHash } = await import('../../lib/contracts/navigation');
    expect(reloadsWithHash('/promoters/1#calendar')).toBe(true);
    expect(reloadsWithHash('/organizations/1#series')).toBe(true);
    expect(reloadsWithHash('/event-calendar')).toBe(false);
  });
});
