'use client';
/**
 * The top menu on wide screens (spec §2 Navigation; shown above 1366 px, the drawer below):
 * CMS items in the current language; an item with sub-menus opens its second level on hover
 * (or click, Enter, Space, ArrowDown) with a Back control as its first entry; items without
 * go straight to their link, in a new tab when IsOpenInNewTab. When the items do not fit, the
 * bar scrolls sideways and left/right arrow buttons appear at the ends that have more.
 * Menu titles (tooltips) are set after 500 ms (spec §9).
 *
 * Plain HTML (issue 23): each second level is a list under its button, in the page from the
 * start, shown by state; without JavaScript it shows on hover and while focus is inside.
 */
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link, usePathname } from '@/lib/i18n/navigation';
import { MENU_TITLE_DELAY_MS, isExternalLink, type NavLink } from '@/lib/contracts/navigation';
import { Icon } from '@/components/ui/Icon';
import { ARROW_BACK } from '@/components/ui/icons/arrow-back';
import { CHEVRON_LEFT } from '@/components/ui/icons/chevron-left';
import { CHEVRON_RIGHT } from '@/components/ui/icons/chevron-right';
import { EXPAND_MORE } from '@/components/ui/icons/expand-more';
import { useHydrated } from '@/components/ui/use-hydrated';
import { focusFirstItem, moveInMenu } from './menu-keys';
import { currentProps, newTabProps, useMenuLinkClick } from './menu-link';
import styles from './menu.module.css';

const WIDE = '(min-width: 1367px)';

function useDelayedTitles() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), MENU_TITLE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return ready;
}

function ItemLink({ item, titled }: { item: NavLink; titled: boolean }) {
  const t = useTranslations('shell');
  const onClick = useMenuLinkClick();
  const pathname = usePathname();
  if (!item.href) return null;
  const common = {
    href: item.href,
    className: styles.topItem,
    ...currentProps(item.href, pathname),
    title: titled ? item.label : undefined,
    onClick: (e: MouseEvent<HTMLElement>) => onClick(item, e),
    ...(item.newTab ? newTabProps : {}),
  };
  const label = (
    <>
      {item.label}
      {item.newTab && <span className="visually-hidden"> {t('opensInNewTab')}</span>}
    </>
  );
  return isExternalLink(item.href) ? <a {...common}>{label}</a> : <Link {...common}>{label}</Link>;
}

/** How long the pointer may travel between the button and its second level (ms). */
const HOVER_GRACE_MS = 200;

/**
 * A menu item with sub-menus. Opened by click, Enter, Space or ArrowDown it is a menu that takes
 * focus (arrow keys move, Escape closes and gives focus back, Tab or a click outside closes);
 * opened by hovering on a wide screen it is a popup that takes no focus and closes when the
 * pointer has left both the button and the popup. Its first entry is Back.
 */
function SubMenuButton({ item, titled }: { item: NavLink; titled: boolean }) {
  const t = useTranslations('shell');
  const pathname = usePathname();
  const [open, setOpen] = useState<'hover' | 'click' | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const leaveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const close = useCallback(() => {
    clearTimeout(leaveTimer.current);
    setOpen(null);
  }, []);
  const onClick = useMenuLinkClick(close);
  useEffect(() => () => clearTimeout(leaveTimer.current), []);
  // The pointer already rests on the item when the page becomes interactive (it was opened by
  // CSS hover until then): it stays open, now as the hover popup.
  useEffect(() => {
    if (button.current?.parentElement?.matches(':hover') && window.matchMedia(`(hover: hover) and ${WIDE}`).matches) setOpen('hover');
  }, []);

  // Opened by click or keyboard: focus on its first entry; a click elsewhere closes it.
  useEffect(() => {
    if (open !== 'click') return;
    focusFirstItem(menu.current);
    const outside = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) close();
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open, close]);

  const id = `submenu-${item.id}`;
  const stay = () => clearTimeout(leaveTimer.current);
  const leave = () => {
    if (open !== 'hover') return;
    clearTimeout(leaveTimer.current);
    leaveTimer.current = setTimeout(close, HOVER_GRACE_MS);
  };
  const back = () => {
    close();
    button.current?.focus();
  };
  const current = item.children.some((child) => currentProps(child.href, pathname)['aria-current']);
  return (
    <>
      <button
        ref={button}
        type="button"
        id={`${id}-button`}
        className={styles.topItem}
        aria-haspopup="menu"
        aria-expanded={open ? 'true' : 'false'}
        aria-controls={id}
        title={titled ? item.label : undefined}
        onClick={() => setOpen((o) => (o === 'click' ? null : 'click'))}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen('click');
          }
        }}
        onMouseEnter={() => {
          stay();
          if (!open && window.matchMedia(`(hover: hover) and ${WIDE}`).matches) setOpen('hover');
        }}
        onMouseLeave={leave}
        data-current={current ? 'true' : undefined}
      >
        {item.label}
        <Icon path={EXPAND_MORE} />
      </button>
      <ul
        ref={menu}
        id={id}
        role="menu"
        aria-label={t('subMenuOf', { name: item.label })}
        className={styles.sub}
        data-open={open ?? undefined}
        onMouseEnter={stay}
        onMouseLeave={leave}
        onKeyDown={(e) => {
          if (moveInMenu(e)) return;
          if (e.key === 'Escape') {
            e.preventDefault();
            back();
          } else if (e.key === 'Tab') close();
        }}
      >
        <li role="none" className={styles.subBack}>
          <button type="button" role="menuitem" tabIndex={-1} className={styles.menuItem} onClick={back} data-testid="submenu-back">
            <Icon path={ARROW_BACK} size={20} />
            {t('back')}
          </button>
        </li>
        <li role="separator" className={styles.separator} />
        {item.children.map((child) => {
          if (!child.href) return null;
          const props = {
            href: child.href,
            role: 'menuitem',
            className: styles.menuItem,
            ...currentProps(child.href, pathname),
            onClick: (e: MouseEvent<HTMLElement>) => onClick(child, e),
            ...(child.newTab ? newTabProps : {}),
          };
          const label = (
            <>
              {child.label}
              {child.newTab && <span className="visually-hidden"> {t('opensInNewTab')}</span>}
            </>
          );
          return (
            <li role="none" key={child.id}>
              {isExternalLink(child.href) ? <a {...props}>{label}</a> : <Link {...props}>{label}</Link>}
            </li>
          );
        })}
      </ul>
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
export function TopMenu({ items, fontSize }: { items: NavLink[]; fontSize: number }) {
  const t = useTranslations('shell');
  const hydrated = useHydrated();
  const titled = useDelayedTitles();
  const scroller = useRef<HTMLUListElement>(null);
  const ends = useOverflow(scroller);
  const scrollBy = (direction: 1 | -1) => {
    const el = scroller.current;
    if (!el) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollBy({ left: direction * Math.max(160, el.clientWidth * 0.6), behavior: reduce ? 'auto' : 'smooth' });
  };
  return (
    <nav aria-label={t('mainMenu')} className={`only-wide ${styles.topNav}`} style={{ fontSize }} data-js={hydrated ? '' : undefined}>
      <div className={styles.topRow}>
        <button type="button" className={styles.arrow} aria-label={t('scrollMenuLeft')} onClick={() => scrollBy(-1)} disabled={!ends.left} data-testid="menu-left">
          <Icon path={CHEVRON_LEFT} />
        </button>
        <ul ref={scroller} className={styles.topList} data-testid="top-menu">
          {items.map((item) => (
            <li key={item.id} className={item.children.length ? styles.hasSub : undefined}>
              {item.children.length ? <SubMenuButton item={item} titled={titled} /> : <ItemLink item={item} titled={titled} />}
            </li>
          ))}
        </ul>
        <button type="button" className={styles.arrow} aria-label={t('scrollMenuRight')} onClick={() => scrollBy(1)} disabled={!ends.right} data-testid="menu-right">
          <Icon path={CHEVRON_RIGHT} />
        </button>
      </div>
    </nav>
  );
}
