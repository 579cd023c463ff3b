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
 */
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useRef, type KeyboardEvent } from 'react';
import { Link } from '@/lib/i18n/navigation';

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

const tabSx = {
  flex: '1 1 auto',
  minWidth: 0,
  px: { xs: 0.25, sm: 2 },
  py: 1.25,
  textAlign: 'center',
  fontSize: { xs: 15, sm: 16 },
  fontWeight: 500,
  color: 'text.secondary',
  textDecoration: 'none',
  borderBottom: '3px solid transparent',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  '&:hover': { color: 'primary.main', bgcolor: 'action.hover' },
  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
  '&[aria-current="page"]': { color: 'primary.main', borderBottomColor: 'primary.main', fontWeight: 700 },
} as const;

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
    <Box component="nav" aria-label={label} sx={{ display: 'flex', alignItems: 'stretch', borderBottom: 1, borderColor: 'divider', mb: 2 }} data-testid="trackside-tabs">
      <IconButton component={Link} href={previous.href} aria-label={previous.label} title={previous.label} sx={{ borderRadius: 0, px: { xs: 0.5, sm: 1 } }} data-testid="tab-previous">
        <ChevronLeftIcon />
      </IconButton>
      <Box component="ul" ref={list} onKeyDown={onKeyDown} sx={{ display: 'flex', flex: 1, minWidth: 0, m: 0, p: 0, listStyle: 'none' }}>
        {tabs.map((tab, i) => (
          <Box component="li" key={tab.href} sx={{ display: 'flex', flex: '1 1 auto', minWidth: 0 }}>
            <Box
              component={Link}
              href={tab.href}
              data-tab={i}
              aria-current={i === current ? 'page' : undefined}
              sx={tabSx}
            >
              {tab.label}
            </Box>
          </Box>
        ))}
      </Box>
      <IconButton component={Link} href={next.href} aria-label={next.label} title={next.label} sx={{ borderRadius: 0, px: { xs: 0.5, sm: 1 } }} data-testid="tab-next">
        <ChevronRightIcon />
      </IconButton>
    </Box>
  );
}
