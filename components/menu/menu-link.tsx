'use client';
/**
 * What a menu link does when chosen (spec §2 Navigation): it remembers the page content it
 * opens in local storage; a link to `#calendar` or `#series` reloads the page when the URL
 * already has a hash (the page builds that section on load); other links inside the site show
 * the loading overlay until the new page is shown; links may open in a new tab.
 */
import { useCallback, type MouseEvent } from 'react';
import { LAST_PAGE_CONTENT_KEY, isExternalLink, reloadsWithHash, type NavLink } from '@/lib/contracts/navigation';
import { useOverlay } from '../layout/Overlay';

/** `aria-current="page"` for the menu link of the page being shown (`pathname` without language prefix). */
export function currentProps(href: string | null, pathname: string): { 'aria-current'?: 'page' } {
  if (!href || isExternalLink(href)) return {};
  const clean = (p: string) => (p.split(/[?#]/)[0] ?? '/').replace(/\/+$/, '') || '/';
  return clean(href).toLowerCase() === clean(pathname).toLowerCase() ? { 'aria-current': 'page' } : {};
}

/** Props that make an anchor open in a new tab safely. */
export const newTabProps = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** The click handler of a menu link (see the file's docstring); `onDone` closes the menu it sits in. */
export function useMenuLinkClick(onDone?: () => void) {
  const overlay = useOverlay();
  return useCallback(
    (item: NavLink, event: MouseEvent<HTMLElement>) => {
      onDone?.();
      if (item.pageContent) {
        try {
          window.localStorage.setItem(LAST_PAGE_CONTENT_KEY, item.pageContent);
        } catch {
          /* storage unavailable */
        }
      }
      if (!item.href || item.newTab || isExternalLink(item.href)) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      const anchor = event.currentTarget.closest('a');
      const target = anchor ? new URL(anchor.href, window.location.href) : null;
      if (reloadsWithHash(item.href) && window.location.hash && target) {
        event.preventDefault();
        window.location.href = target.href;
        window.location.reload();
        return;
      }
      if (target && (target.pathname !== window.location.pathname || target.search !== window.location.search)) overlay.show();
    },
    [onDone, overlay],
  );
}
