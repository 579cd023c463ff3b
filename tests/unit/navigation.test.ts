import { describe, expect, it } from 'vitest';
import { menuSchema, type MenuItem } from '../../lib/cms/schemas';
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
