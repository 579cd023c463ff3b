'use client';
/**
 * The trackside tab set (spec §2 /liveonlivelaps: "Tab set: home (0), results (1), laps (2),
 * points (3), profile (4) … Tabs rotate left or right and wrap around"): server-rendered
 * links (`?tab=N`, the selected racer kept), so switching works without JavaScript; the open
 * tab carries `aria-current="page"`. The previous and next arrows are links too, wrapping
 * around; on the tab list, the left and right arrow keys move between the tabs (wrapping),
 * Home and End go to the first and last, Enter opens. The page passes plain, translated data.
 * Tabs share the bar by their labels' widths (the five of a logged-in participant fit a 390 px
 * screen in every language; a label too long for what is left is cut with an ellipsis).
 * Plain HTML (./trackside.module.css).
 */
import { Icon } from '@/components/ui/Icon';
import { CHEVRON_LEFT } from '@/components/ui/icons/chevron-left';
import { CHEVRON_RIGHT } from '@/components/ui/icons/chevron-right';
import { useRef, type KeyboardEvent } from 'react';
import { Link } from '@/lib/i18n/navigation';
import css from './trackside.module.css';

export interface TabLink {
  label: string;
  /** Site path without language prefix (`/liveonlivelaps?tab=1&racer=7`). */
  href: string;
}

export interface TracksideTabsProps {
  /** The navigation's accessible name. */
  label: string;
  tabs: TabLink[];
  /** Index of the open tab. */
  current: number;
  /** The arrows' links and accessible names ("Previous tab: Points"). */
  previous: TabLink;
  next: TabLink;
}

/** The tab bar (see the file's docstring). */
export function TracksideTabs({ label, tabs, current, previous, next }: TracksideTabsProps) {
  const list = useRef<HTMLUListElement>(null);
  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const links = [...(list.current?.querySelectorAll<HTMLAnchorElement>('a[data-tab]') ?? [])];
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (at < 0) return;
    const count = links.length;
    const to = e.key === 'ArrowRight' ? (at + 1) % count : e.key === 'ArrowLeft' ? (at - 1 + count) % count : e.key === 'Home' ? 0 : e.key === 'End' ? count - 1 : -1;
    if (to < 0) return;
    e.preventDefault();
    links[to].focus();
  };
  return (
    <nav aria-label={label} className={css.tabBar} data-testid="trackside-tabs">
      <Link href={previous.href} aria-label={previous.label} title={previous.label} className={css.arrow} data-testid="tab-previous">
        <Icon path={CHEVRON_LEFT} />
      </Link>
      <ul ref={list} onKeyDown={onKeyDown} className={css.tabList}>
        {tabs.map((tab, i) => (
          <li key={tab.href}>
            <Link href={tab.href} data-tab={i} aria-current={i === current ? 'page' : undefined} className={css.tab}>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
      <Link href={next.href} aria-label={next.label} title={next.label} className={css.arrow} data-testid="tab-next">
        <Icon path={CHEVRON_RIGHT} />
      </Link>
    </nav>
  );
}
