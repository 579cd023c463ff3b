/**
 * Menu rules (spec §2 Navigation): which menu items show where, and the page title found
 * by matching the current path against menu links. Pure functions, shared by the layout
 * and its tests.
 */
import type { MenuItem, SubMenu } from './cms/schemas';
import { stripLocale } from './i18n/routing';
import { isExternalLink, type NavLink } from './contracts/navigation';

export { isExternalLink, type NavLink };

const order = (v: number | null) => v ?? Number.MAX_SAFE_INTEGER;

function subMenuLinks(items: SubMenu[]): NavLink[] {
  return items
    .filter((s) => s.Visible)
    .sort((a, b) => order(a.Sort_Order) - order(b.Sort_Order))
    .map((s) => ({ id: s.id, label: s.Name, href: s.Link, newTab: s.IsOpenInNewTab, icon: null, pageContent: s.page_content, children: [] }));
}

/**
 * Menu items to show, sorted by sort_order. Only items flagged Visible are kept; the top
 * menu (`where = 'top'`) also drops items flagged bHideOnTopMenu; the drawer keeps them.
 */
export function visibleMenu(items: MenuItem[], where: 'top' | 'drawer'): NavLink[] {
  return items
    .filter((m) => m.Visible && !(where === 'top' && m.bHideOnTopMenu))
    .sort((a, b) => order(a.sort_order) - order(b.sort_order))
    .map((m) => ({
      id: m.id,
      label: m.name,
      href: m.Link,
      newTab: m.IsOpenInNewTab,
      icon: m.icon,
      pageContent: m.page_content,
      children: subMenuLinks(m.sub_menus),
    }));
}

function normalizePath(path: string): string {
  const noQuery = path.split(/[?#]/)[0] ?? '/';
  const withoutBase = noQuery.replace(/^\/ll(?=\/|$)/, '') || '/';
  const stripped = stripLocale(withoutBase);
  return stripped.length > 1 ? stripped.replace(/\/+$/, '').toLowerCase() : '/';
}

/** What the page title comes from for a path (spec §2: title matching). */
export type TitleSource =
  | { kind: 'login' }
  | { kind: 'contact' }
  | { kind: 'about' }
  | { kind: 'menu'; title: string; pagePath: string | null }
  | { kind: 'none' };

/**
 * Finds the page title for `path`, ignoring the base path and language prefixes (fr, en,
 * es): the login path is the page named login, contact-us loads the contact content,
 * about-us the about content; any other path takes the name of the menu entry (or sub-menu
 * entry) whose link matches, with that entry's page_path.
 */
export function matchPageTitle(path: string, items: MenuItem[]): TitleSource {
  const p = normalizePath(path);
  if (p === '/login') return { kind: 'login' };
  if (p === '/contact-us') return { kind: 'contact' };
  if (p === '/about-us') return { kind: 'about' };
  for (const m of items) {
    if (m.Link && normalizePath(m.Link) === p) return { kind: 'menu', title: m.name, pagePath: m.page_path };
    for (const s of m.sub_menus) {
      if (s.Link && normalizePath(s.Link) === p) return { kind: 'menu', title: s.Name, pagePath: s.page_path };
    }
  }
  return { kind: 'none' };
}


/** One step of a breadcrumb trail: a label and, when it is a page, its link. */
export interface Crumb {
  label: string;
  href: string | null;
}

/**
 * The menu entries above the page at `path` (spec §2 Layouts: breadcrumbs), outermost first,
 * without Home and without the page itself: a sub-menu entry's parent menu item; for a page
 * outside the menu (`/news/season-opener`), the entry whose link is the longest path prefix
 * (`/news`), with that entry's own parent. Only Visible entries count.
 */
export function breadcrumbTrail(path: string, items: MenuItem[]): Crumb[] {
  const p = normalizePath(path);
  if (p === '/') return [];
  const visible = items.filter((m) => m.Visible);
  const candidates: { link: string; trail: Crumb[] }[] = [];
  for (const m of visible) {
    const parent: Crumb = { label: m.name, href: m.Link };
    if (m.Link) candidates.push({ link: normalizePath(m.Link), trail: [parent] });
    for (const s of m.sub_menus.filter((x) => x.Visible)) {
      if (s.Link) candidates.push({ link: normalizePath(s.Link), trail: [parent, { label: s.Name, href: s.Link }] });
    }
  }
  const exact = candidates.find((c) => c.link === p);
  if (exact) return exact.trail.slice(0, -1);
  const prefix = candidates
    .filter((c) => c.link !== '/' && p.startsWith(`${c.link}/`))
    .sort((a, b) => b.link.length - a.link.length)[0];
  return prefix ? prefix.trail : [];
}
