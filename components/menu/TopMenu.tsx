'use client';
/**
 * The top menu on wide screens (spec §2 Navigation; shown above 1366 px, the drawer below):
 * CMS items in the current language; an item with sub-menus opens its second level on hover
 * (or click, Enter, Space, ArrowDown) with a Back control as its first entry; items without
 * go straight to their link, in a new tab when IsOpenInNewTab. When the items do not fit, the
 * bar scrolls sideways and left/right arrow buttons appear at the ends that have more.
 * Menu titles (tooltips) are set after 500 ms (spec §9).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link, usePathname } from '@/lib/i18n/navigation';
import { MENU_TITLE_DELAY_MS, isExternalLink, type NavLink } from '@/lib/contracts/navigation';
import { currentProps, newTabProps, useMenuLinkClick } from './menu-link';

const WIDE = '(min-width: 1367px)';

/** The hover popup, loaded when first shown (./HoverSubMenu.tsx says why). */
const HoverSubMenu = dynamic(() => import('./HoverSubMenu'), { ssr: false });

function useDelayedTitles() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), MENU_TITLE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return ready;
}

function ItemLink({ item, color, titled }: { item: NavLink; color: string; titled: boolean }) {
  const t = useTranslations('shell');
  const onClick = useMenuLinkClick();
  const pathname = usePathname();
  if (!item.href) return null;
  const common = {
    color: 'inherit' as const,
    ...currentProps(item.href, pathname),
    title: titled ? item.label : undefined,
    onClick: (e: MouseEvent<HTMLElement>) => onClick(item, e),
    sx: { color, textTransform: 'none', fontSize: 'inherit', whiteSpace: 'nowrap', px: 1.5, '&[aria-current=page]': { boxShadow: 'inset 0 -3px 0 currentColor' } },
    ...(item.newTab ? newTabProps : {}),
  };
  const label = (
    <>
      {item.label}
      {item.newTab && <span className="visually-hidden"> {t('opensInNewTab')}</span>}
    </>
  );
  return isExternalLink(item.href) ? (
    <Button component="a" href={item.href} {...common}>
      {label}
    </Button>
  ) : (
    <Button component={Link} href={item.href} {...common}>
      {label}
    </Button>
  );
}

/** How long the pointer may travel between the button and its second level (ms). */
const HOVER_GRACE_MS = 200;

/**
 * A menu item with sub-menus. Opened by click, Enter, Space or ArrowDown it is a modal menu
 * (focus inside, Escape closes, focus returns); opened by hovering on a wide screen it is a
 * non-modal popup that neither takes focus nor locks the page, and closes when the pointer has
 * left both the button and the popup. Its first entry is Back.
 */
function SubMenuButton({ item, color, titled }: { item: NavLink; color: string; titled: boolean }) {
  const t = useTranslations('shell');
  const pathname = usePathname();
  const [open, setOpen] = useState<{ anchor: HTMLElement; via: 'hover' | 'click' } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const leaveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const close = useCallback(() => {
    clearTimeout(leaveTimer.current);
    setOpen(null);
  }, []);
  const onClick = useMenuLinkClick(close);
  useEffect(() => () => clearTimeout(leaveTimer.current), []);
  const id = `submenu-${item.id}`;
  const hover = open?.via === 'hover';
  const stay = () => clearTimeout(leaveTimer.current);
  const leave = () => {
    if (!hover) return;
    clearTimeout(leaveTimer.current);
    leaveTimer.current = setTimeout(close, HOVER_GRACE_MS);
  };
  const back = () => {
    close();
    button.current?.focus();
  };
  const current = item.children.some((child) => currentProps(child.href, pathname)['aria-current']);
  const entries = [
    <MenuItem key="back" onClick={back} data-testid="submenu-back">
      <ListItemIcon>
        <ArrowBackIcon fontSize="small" />
      </ListItemIcon>
      {t('back')}
    </MenuItem>,
    <Divider key="divider" />,
    ...item.children.map((child) =>
      child.href ? (
        <MenuItem
          key={child.id}
          component={isExternalLink(child.href) ? 'a' : Link}
          href={child.href}
          {...currentProps(child.href, pathname)}
          selected={Boolean(currentProps(child.href, pathname)['aria-current'])}
          onClick={(e: MouseEvent<HTMLElement>) => onClick(child, e)}
          {...(child.newTab ? newTabProps : {})}
        >
          {child.label}
          {child.newTab && <span className="visually-hidden"> {t('opensInNewTab')}</span>}
        </MenuItem>
      ) : null,
    ),
  ];
  return (
    <>
      <Button
        ref={button}
        id={`${id}-button`}
        aria-haspopup="menu"
        aria-expanded={open ? 'true' : 'false'}
        aria-controls={open ? id : undefined}
        title={titled ? item.label : undefined}
        onClick={(e) => setOpen({ anchor: e.currentTarget, via: 'click' })}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen({ anchor: e.currentTarget, via: 'click' });
          }
        }}
        onMouseEnter={(e) => {
          stay();
          if (!open && window.matchMedia(`(hover: hover) and ${WIDE}`).matches) setOpen({ anchor: e.currentTarget, via: 'hover' });
        }}
        onMouseLeave={leave}
        endIcon={<ExpandMoreIcon />}
        data-current={current ? 'true' : undefined}
        sx={{ color, textTransform: 'none', fontSize: 'inherit', whiteSpace: 'nowrap', px: 1.5, '&[data-current=true]': { boxShadow: 'inset 0 -3px 0 currentColor' } }}
      >
        {item.label}
      </Button>
      {open?.via === 'click' && (
        <Menu
          id={id}
          anchorEl={open.anchor}
          open
          onClose={close}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
          transformOrigin={{ vertical: 'top', horizontal: 'left' }}
          slotProps={{ list: { 'aria-label': t('subMenuOf', { name: item.label }) } }}
        >
          {entries}
        </Menu>
      )}
      {/* Hover: a popup over the page, not a modal (./HoverSubMenu.tsx, loaded at the first hover). */}
      {hover && open && (
        <HoverSubMenu anchor={open.anchor} id={id} label={t('subMenuOf', { name: item.label })} onPointerIn={stay} onPointerOut={leave}>
          {entries}
        </HoverSubMenu>
      )}
    </>
  );
}

/** Which ends of the scrolling bar have hidden items. */
function useOverflow(ref: React.RefObject<HTMLElement | null>) {
  const [ends, setEnds] = useState({ left: false, right: false });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const left = el.scrollLeft > 1;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setEnds((old) => (old.left === left && old.right === right ? old : { left, right }));
  }, [ref]);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    el.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', measure);
    };
  }, [ref, measure]);
  return ends;
}

/** The wide-screen main menu bar (see the file's docstring); `items` already filtered for the top menu. */
export function TopMenu({ items, color, background, fontSize }: { items: NavLink[]; color: string; background: string; fontSize: number }) {
  const t = useTranslations('shell');
  const titled = useDelayedTitles();
  const scroller = useRef<HTMLUListElement>(null);
  const ends = useOverflow(scroller);
  const scrollBy = (direction: 1 | -1) => {
    const el = scroller.current;
    if (!el) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollBy({ left: direction * Math.max(160, el.clientWidth * 0.6), behavior: reduce ? 'auto' : 'smooth' });
  };
  const arrow = { color, flex: 'none', borderRadius: 0, '&.Mui-disabled': { visibility: 'hidden' } } as const;
  return (
    <Box component="nav" aria-label={t('mainMenu')} className="only-wide" sx={{ bgcolor: background, fontSize }}>
      <Box sx={{ display: 'flex', alignItems: 'stretch' }}>
        <IconButton aria-label={t('scrollMenuLeft')} onClick={() => scrollBy(-1)} disabled={!ends.left} sx={arrow} data-testid="menu-left">
          <ChevronLeftIcon />
        </IconButton>
        <Box
          component="ul"
          ref={scroller}
          data-testid="top-menu"
          sx={{ display: 'flex', flex: 1, minWidth: 0, listStyle: 'none', m: 0, px: 0.5, py: 0.5, gap: 0.5, overflowX: 'auto', scrollbarWidth: 'none', '&::-webkit-scrollbar': { display: 'none' } }}
        >
          {items.map((item) => (
            <Box component="li" key={item.id} sx={{ flex: 'none' }}>
              {item.children.length ? <SubMenuButton item={item} color={color} titled={titled} /> : <ItemLink item={item} color={color} titled={titled} />}
            </Box>
          ))}
        </Box>
        <IconButton aria-label={t('scrollMenuRight')} onClick={() => scrollBy(1)} disabled={!ends.right} sx={arrow} data-testid="menu-right">
          <ChevronRightIcon />
        </IconButton>
      </Box>
    </Box>
  );
}
