'use client';
/**
 * The slide-out menu drawer for screens of 1366 px and less (spec §2 Navigation, §9
 * breakpoints). A menu button in the banner opens it; it lists every Visible item (also those
 * hidden from the top menu); an item with sub-menus opens its second level inside the drawer,
 * with a Back control to the first level (spec §4 Menu: level 1 and level 2). Choosing a link
 * closes it. The first level ends with the account entries (issue 11: "Log in", or My account,
 * Family and Log out: components/layout/AccountButton).
 *
 * Plain HTML (issue 23): a native modal `<dialog>` (the page behind it inert, Escape and a
 * click outside close it, focus goes back to the menu button), Tab kept inside it. Without
 * JavaScript the button still opens it (HTML invoker command) and second levels are disclosures.
 */
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link, usePathname } from '@/lib/i18n/navigation';
import { isExternalLink, type NavLink } from '@/lib/contracts/navigation';
import { Icon } from '@/components/ui/Icon';
import { ARROW_BACK } from '@/components/ui/icons/arrow-back';
import { CHEVRON_RIGHT } from '@/components/ui/icons/chevron-right';
import { CLOSE } from '@/components/ui/icons/close';
import { MENU } from '@/components/ui/icons/menu';
import shell from '@/components/layout/shell.module.css';
import { keepTabInside } from '@/components/ui/focus-trap';
import { AccountDrawerEntries, type HeaderUser } from '../layout/AccountButton';
import { useHydrated } from '@/components/ui/use-hydrated';
import { closeCommand, showModalCommand } from './menu-keys';
import { currentProps, newTabProps, useMenuLinkClick } from './menu-link';
import styles from './menu.module.css';

const DRAWER_ID = 'menu-drawer';

/**
 * The drawer's menu button and the drawer (see the file's docstring); `items` include those
 * hidden from the top menu; `user`: the logged-in person (null: "Log in"; absent: no account entries).
 */
export function MenuDrawer({ items, user }: { items: NavLink[]; user?: HeaderUser | null }) {
  const t = useTranslations('shell');
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [level2, setLevel2] = useState<NavLink | null>(null);
  const levelStart = useRef<HTMLButtonElement | null>(null);
  const returnTo = useRef<number | null>(null);
  const close = useCallback(() => dialog.current?.close(), []);
  const onLink = useMenuLinkClick(close);
  const pathname = usePathname();

  // Moving between levels puts focus on the new level's first control (Back, or the item
  // that was opened when going back).
  // (The dialog's own state, not `open`: opened before React ran, by its invoker command, it is open all the same.)
  useEffect(() => {
    if (!dialog.current?.open) return;
    if (level2) levelStart.current?.focus();
    else if (returnTo.current !== null) {
      document.getElementById(`drawer-item-${returnTo.current}`)?.focus();
      returnTo.current = null;
    }
  }, [level2]);

  const show = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault(); // the invoker command is for visitors without JavaScript
    if (!dialog.current?.open) dialog.current?.showModal();
    setOpen(true);
  };

  const link = (item: NavLink) => {
    if (!item.href) return null;
    const props = {
      id: `drawer-item-${item.id}`,
      href: item.href,
      className: styles.drawerItem,
      ...currentProps(item.href, pathname),
      onClick: (e: MouseEvent<HTMLElement>) => onLink(item, e),
      ...(item.newTab ? newTabProps : {}),
    };
    const label = (
      <span>
        {item.label}
        {item.newTab && <span className={styles.drawerNote}>{t('opensInNewTab')}</span>}
      </span>
    );
    return <li key={item.id}>{isExternalLink(item.href) ? <a {...props}>{label}</a> : <Link {...props}>{label}</Link>}</li>;
  };

  const shown = level2 ? level2.children : items;
  return (
    <>
      <button
        ref={button}
        type="button"
        className={`only-narrow ${shell.iconButton}`}
        aria-label={t('openMenu')}
        aria-haspopup="dialog"
        aria-expanded={open ? 'true' : 'false'}
        aria-controls={DRAWER_ID}
        onClick={show}
        data-testid="menu-button"
        {...showModalCommand(DRAWER_ID)}
      >
        <Icon path={MENU} />
      </button>
      <dialog
        ref={dialog}
        id={DRAWER_ID}
        aria-label={t('mainMenu')}
        className={styles.drawer}
        onKeyDown={keepTabInside}
        onClose={() => {
          setOpen(false);
          setLevel2(null);
          button.current?.focus();
        }}
        // A click on the backdrop lands on the dialog itself (its content fills it).
        onClick={(e) => {
          if (e.target === e.currentTarget) close();
        }}
        {...{ closedby: 'any' }}
      >
        <nav aria-label={t('mainMenu')}>
          <div className={styles.drawerHead}>
            {level2 ? (
              <button
                type="button"
                ref={levelStart}
                className={shell.iconButton}
                aria-label={t('backToMenu')}
                onClick={() => {
                  returnTo.current = level2.id;
                  setLevel2(null);
                }}
                data-testid="drawer-back"
              >
                <Icon path={ARROW_BACK} />
              </button>
            ) : null}
            <h2 className={styles.drawerTitle}>{level2 ? level2.label : t('mainMenu')}</h2>
            <button type="button" className={shell.iconButton} aria-label={t('closeMenu')} onClick={close} {...closeCommand(DRAWER_ID)}>
              <Icon path={CLOSE} />
            </button>
          </div>
          <ul className={styles.drawerList} aria-label={level2 ? t('subMenuOf', { name: level2.label }) : t('mainMenu')}>
            {shown.map((item) =>
              !item.children.length ? (
                link(item)
              ) : hydrated ? (
                <li key={item.id}>
                  <button type="button" id={`drawer-item-${item.id}`} className={styles.drawerItem} aria-haspopup="true" onClick={() => setLevel2(item)}>
                    {item.label}
                    <Icon path={CHEVRON_RIGHT} />
                  </button>
                </li>
              ) : (
                // Without JavaScript: the second level opens in place.
                <li key={item.id}>
                  <details className={styles.drawerGroup}>
                    <summary className={styles.drawerItem}>
                      {item.label}
                      <Icon path={CHEVRON_RIGHT} />
                    </summary>
                    <ul className={styles.drawerList} aria-label={t('subMenuOf', { name: item.label })}>
                      {item.children.map(link)}
                    </ul>
                  </details>
                </li>
              ),
            )}
          </ul>
          {!level2 && user !== undefined ? <AccountDrawerEntries user={user} onDone={close} /> : null}
        </nav>
      </dialog>
    </>
  );
}
