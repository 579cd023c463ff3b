'use client';
/**
 * The slide-out menu drawer for screens of 1366 px and less (spec §2 Navigation, §9
 * breakpoints). A menu button in the banner opens it; it lists every Visible item (also those
 * hidden from the top menu); an item with sub-menus opens its second level inside the drawer,
 * with a Back control to the first level (spec §4 Menu: level 1 and level 2). MUI's modal
 * drawer traps focus, closes on Escape and on the backdrop, and gives focus back to the menu
 * button; choosing a link closes it. The first level ends with the account entries (issue 11:
 * "Log in", or My account, Family and Log out: components/layout/AccountButton).
 */
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import MenuIcon from '@mui/icons-material/Menu';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link, usePathname } from '@/lib/i18n/navigation';
import { isExternalLink, type NavLink } from '@/lib/contracts/navigation';
import { AccountDrawerEntries, type HeaderUser } from '../layout/AccountButton';
import { currentProps, newTabProps, useMenuLinkClick } from './menu-link';

/**
 * The drawer's menu button and the drawer (see the file's docstring); `items` include those
 * hidden from the top menu; `user`: the logged-in person (null: "Log in"; absent: no account entries).
 */
export function MenuDrawer({ items, color, user }: { items: NavLink[]; color: string; user?: HeaderUser | null }) {
  const t = useTranslations('shell');
  const [open, setOpen] = useState(false);
  const [level2, setLevel2] = useState<NavLink | null>(null);
  const levelStart = useRef<HTMLElement | null>(null);
  const returnTo = useRef<number | null>(null);
  const close = useCallback(() => {
    setOpen(false);
    setLevel2(null);
  }, []);
  const onLink = useMenuLinkClick(close);
  const pathname = usePathname();

  // Moving between levels puts focus on the new level's first control (Back, or the item
  // that was opened when going back).
  useEffect(() => {
    if (!open) return;
    const id = requestAnimationFrame(() => {
      if (level2) levelStart.current?.focus();
      else if (returnTo.current !== null) {
        document.getElementById(`drawer-item-${returnTo.current}`)?.focus();
        returnTo.current = null;
      }
    });
    return () => cancelAnimationFrame(id);
  }, [level2, open]);

  const link = (item: NavLink) => {
    if (!item.href) return null;
    const external = isExternalLink(item.href);
    return (
      <ListItem key={item.id} disablePadding>
        <ListItemButton
          id={`drawer-item-${item.id}`}
          component={external ? 'a' : Link}
          href={item.href}
          {...currentProps(item.href, pathname)}
          selected={currentProps(item.href, pathname)['aria-current'] === 'page'}
          onClick={(e: MouseEvent<HTMLElement>) => onLink(item, e)}
          {...(item.newTab ? newTabProps : {})}
        >
          <ListItemText primary={item.label} secondary={item.newTab ? t('opensInNewTab') : undefined} />
        </ListItemButton>
      </ListItem>
    );
  };

  const shown = level2 ? level2.children : items;
  return (
    <>
      <IconButton
        className="only-narrow"
        aria-label={t('openMenu')}
        aria-haspopup="dialog"
        aria-expanded={open ? 'true' : 'false'}
        aria-controls={open ? 'menu-drawer' : undefined}
        onClick={() => setOpen(true)}
        sx={{ color }}
        data-testid="menu-button"
      >
        <MenuIcon />
      </IconButton>
      <Drawer
        anchor="left"
        open={open}
        onClose={close}
        slotProps={{ paper: { id: 'menu-drawer', role: 'dialog', 'aria-modal': 'true', 'aria-label': t('mainMenu'), sx: { width: 'min(320px, 86vw)' } } }}
      >
        <Box component="nav" aria-label={t('mainMenu')}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 1, borderBottom: 1, borderColor: 'divider' }}>
            {level2 ? (
              <IconButton
                ref={(el) => {
                  levelStart.current = el;
                }}
                aria-label={t('backToMenu')}
                onClick={() => {
                  returnTo.current = level2.id;
                  setLevel2(null);
                }}
                data-testid="drawer-back"
              >
                <ArrowBackIcon />
              </IconButton>
            ) : null}
            <Typography component="h2" sx={{ flex: 1, fontWeight: 600, fontSize: 18, px: level2 ? 0 : 1 }}>
              {level2 ? level2.label : t('mainMenu')}
            </Typography>
            <IconButton aria-label={t('closeMenu')} onClick={close}>
              <CloseIcon />
            </IconButton>
          </Box>
          <List aria-label={level2 ? t('subMenuOf', { name: level2.label }) : t('mainMenu')}>
            {shown.map((item) =>
              item.children.length ? (
                <ListItem key={item.id} disablePadding>
                  <ListItemButton id={`drawer-item-${item.id}`} aria-haspopup="true" onClick={() => setLevel2(item)}>
                    <ListItemText primary={item.label} />
                    <ChevronRightIcon aria-hidden />
                  </ListItemButton>
                </ListItem>
              ) : (
                link(item)
              ),
            )}
          </List>
          {!level2 && user !== undefined ? <AccountDrawerEntries user={user} onDone={close} /> : null}
        </Box>
      </Drawer>
    </>
  );
}
