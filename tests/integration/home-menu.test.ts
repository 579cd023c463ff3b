/**
 * The seeded navigation of issue 25 (cms/seed/data.ts, applied by cms/seed/seed.ts): the top
 * menu leads to Live, Series, Memberships and the results index in every language, and an
 * install still holding the version-3 menus (untouched by an editor) is recognised as such, so
 * the seed moves it to this version once; the current menus are not mistaken for an old version.
 */
import { describe, expect, it } from 'vitest';
import * as data from '../../cms/seed/data';

/** The seed's comparison (cms/seed/seed.ts `linkSet`): the links as a sorted multiset, null as ''. */
const linkSet = (links: (string | null | undefined)[]) =>
  links
    .map((l) => l ?? '')
    .sort()
    .join('\n');

const menuLinks = () => data.menus.map((m) => m.shared.Link);
const subMenuLinks = () => data.subMenus.map((m) => m.shared.Link);

describe('seeded navigation, version 4 (issue 25)', () => {
  it('the top menu leads to Live, Series, Memberships and the results index, named in English, French and Spanish', () => {
    const byLink = new Map(data.menus.filter((m) => m.shared.Visible && !m.shared.bHideOnTopMenu).map((m) => [m.shared.Link, m]));
    const expected: [string, [string, string, string]][] = [
      ['/liveonlivelaps', ['Live', 'En direct', 'En vivo']],
      ['/series', ['Series', 'Championnats', 'Campeonatos']],
      ['/organizations/membership-type', ['Memberships', 'Adhésions', 'Membresías']],
      ['/results', ['Results', 'Résultats', 'Resultados']],
    ];
    for (const [link, [en, fr, es]] of expected) {
      const item = byLink.get(link);
      expect(item, link).toBeDefined();
      expect([item!.en.name, item!['fr-CA'].name, item!.es.name]).toEqual([en, fr, es]);
    }
    // Nothing leads to one club's list or to /events (sent to it) any more; the home buttons neither.
    expect(menuLinks()).not.toContain('/results/1');
    expect(menuLinks()).not.toContain('/events');
    expect(data.homeMenus.map((m) => m.shared.Link)).not.toContain('/results/1');
  });

  it('Memberships moved up: no sub-menu repeats it, every sub-menu belongs to a menu, sort orders are unique', () => {
    expect(subMenuLinks()).not.toContain('/organizations/membership-type');
    const used = data.menus.flatMap((m) => ('subMenus' in m && m.subMenus ? m.subMenus : []));
    expect([...used].sort()).toEqual(data.subMenus.map((s) => s.key).sort());
    const orders = data.menus.map((m) => m.shared.sort_order);
    expect(new Set(orders).size).toBe(orders.length);
  });

  it('an untouched version-3 install is recognised and upgraded once; this version is not taken for an old one', () => {
    expect(data.NAVIGATION_VERSION).toBe(4);
    expect(data.legacyNavigation).toHaveLength(3);
    // What version 3 wrote (git: commit 2b4f4e7): the v2 top menu, Federation with 12 pages.
    const v3 = data.legacyNavigation[2];
    expect(v3.menuLinks).toContain('/results/1');
    expect(v3.subMenuLinks).toContain('/organizations/membership-type');
    expect(v3.subMenuLinks).toHaveLength(12);
    const footers = linkSet(data.staticFooters.map((f) => f.shared.page_link));
    expect(linkSet(v3.footerLinks)).toBe(footers);
    const current = { menus: linkSet(menuLinks()), subMenus: linkSet(subMenuLinks()) };
    for (const old of data.legacyNavigation) {
      expect(linkSet(old.menuLinks) === current.menus && linkSet(old.subMenuLinks) === current.subMenus).toBe(false);
    }
  });
});
