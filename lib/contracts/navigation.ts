/**
 * Menu links as the layout hands them to client components (spec §2 Navigation, §3 Menu item).
 * Imports nothing from the server.
 */

export interface NavLink {
  id: number;
  label: string;
  href: string | null;
  newTab: boolean;
  icon: string | null;
  /** The menu entry's page_content (a path whose last segment names the page content). */
  pageContent: string | null;
  children: NavLink[];
}

/** Links whose hash asks for a section that the page builds on load (spec §2 Navigation). */
export function reloadsWithHash(href: string): boolean {
  return href.includes('#calendar') || href.includes('#series');
}

/** Local-storage key of the last opened page content (spec §2 Navigation). */
export const LAST_PAGE_CONTENT_KEY = 'lastPageContent';

/** Delay before menu titles are set (spec §9: title delay 500 ms). */
export const MENU_TITLE_DELAY_MS = 500;

/** The trackside tab set (spec §2 Navigation): home 0, results 1, laps 2, points 3, profile 4. */
export const TABS = ['home', 'results', 'laps', 'points', 'profile'] as const;
export type TabName = (typeof TABS)[number];

/**
 * The tab index from a `tab` query value: a whole number within 0..count-1, else `fallback`.
 * `"2"` → 2; `"7"`, `"-1"`, `"1.5"`, `"x"`, null → fallback.
 */
export function tabFromQuery(value: string | null | undefined, count: number = TABS.length, fallback = 0): number {
  if (value == null || !/^\d+$/.test(value.trim())) return fallback;
  const n = Number(value.trim());
  return n < count ? n : fallback;
}

/** The next tab to the right (`step` 1) or left (`step` -1), wrapping around. */
export function rotateTab(current: number, step: 1 | -1, count: number = TABS.length): number {
  return (((current + step) % count) + count) % count;
}

/** Whether a menu link leaves the site: http(s), protocol-relative, mailto: or tel:. */
export function isExternalLink(href: string): boolean {
  return /^(https?:)?\/\//i.test(href) || /^(mailto|tel):/i.test(href);
}
