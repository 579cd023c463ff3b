'use client';
/**
 * A sub-menu's second level opened by hovering (./TopMenu.tsx): a popup over the page, not a
 * modal (no backdrop, no scroll lock, focus and the rest of the page left alone). Loaded the
 * first time a pointer hovers a menu item (issue 23: the positioning library it needs, Popper,
 * was 7 KiB of gzip on every page, for a popup only wide screens with a mouse ever show).
 */
import MenuList from '@mui/material/MenuList';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import type { ReactNode } from 'react';

export default function HoverSubMenu({
  anchor,
  id,
  label,
  onPointerIn,
  onPointerOut,
  children,
}: {
  anchor: HTMLElement;
  id: string;
  /** The list's accessible name ("Sub-menu of …"). */
  label: string;
  onPointerIn: () => void;
  onPointerOut: () => void;
  children: ReactNode;
}) {
  return (
    <Popper open anchorEl={anchor} placement="bottom-start" sx={{ zIndex: (theme) => theme.zIndex.modal }}>
      <Paper elevation={8} onMouseEnter={onPointerIn} onMouseLeave={onPointerOut}>
        <MenuList id={id} aria-label={label}>
          {children}
        </MenuList>
      </Paper>
    </Popper>
  );
}
