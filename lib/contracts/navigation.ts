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
  children: NavLink[];
}

/** Whether a menu link leaves the site: http(s), protocol-relative, mailto: or tel:. */
export function isExternalLink(href: string): boolean {
  return /^(https?:)?\/\//i.test(href) || /^(mailto|tel):/i.test(href);
}
