'use client';
/**
 * The top menu (spec §2 Navigation): items from the CMS in the current language; items with
 * sub-menus open a second level (on hover on wide screens, on click or Enter everywhere);
 * items without go straight to their link, optionally in a new tab. Keyboard reachable.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslations } from 'next-intl';
import { useState, type MouseEvent } from 'react';
import { Link } from '@/lib/i18n/navigation';
import { isExternalLink, type NavLink } from '@/lib/contracts/navigation';

function ItemLink({ item, color }: { item: NavLink; color: string }) {
  const t = useTranslations('shell');
  if (!item.href) return null;
  const common = {
    color: 'inherit' as const,
    sx: { color, textTransform: 'none', fontSize: 'inherit', whiteSpace: 'nowrap' },
    ...(item.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {}),
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

function SubMenuButton({ item, color }: { item: NavLink; color: string }) {
  const t = useTranslations('shell');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = `submenu-${item.id}`;
  const open = (e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget);
  return (
    <>
      <Button
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? id : undefined}
        onClick={open}
        onMouseEnter={(e) => {
          if (window.matchMedia('(hover: hover) and (min-width: 1367px)').matches) open(e);
        }}
        endIcon={<ExpandMoreIcon />}
        sx={{ color, textTransform: 'none', fontSize: 'inherit', whiteSpace: 'nowrap' }}
      >
        {item.label}
      </Button>
      <Menu
        id={id}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': t('subMenuOf', { name: item.label }), onMouseLeave: () => setAnchor(null) } }}
      >
        {item.children.map((child) =>
          child.href ? (
            <MenuItem
              key={child.id}
              component={isExternalLink(child.href) ? 'a' : Link}
              href={child.href}
              onClick={() => setAnchor(null)}
              {...(child.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              {child.label}
            </MenuItem>
          ) : null,
        )}
      </Menu>
    </>
  );
}

export function TopMenu({ items, color, background, fontSize }: { items: NavLink[]; color: string; background: string; fontSize: number }) {
  const t = useTranslations('shell');
  return (
    <Box
      component="nav"
      aria-label={t('mainMenu')}
      sx={{ bgcolor: background, fontSize, overflowX: 'auto', scrollbarWidth: 'thin' }}
    >
      <Box component="ul" sx={{ display: 'flex', listStyle: 'none', m: 0, px: 1, py: 0.5, gap: 0.5 }}>
        {items.map((item) => (
          <li key={item.id}>{item.children.length ? <SubMenuButton item={item} color={color} /> : <ItemLink item={item} color={color} />}</li>
        ))}
      </Box>
    </Box>
  );
}
