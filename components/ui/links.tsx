'use client';
/**
 * MUI controls rendered as locale-aware links (next-intl `Link`). Server components cannot
 * pass a component as a prop to a client component, so these client leaves do it for them.
 */
import Button, { type ButtonProps } from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import ListItemButton, { type ListItemButtonProps } from '@mui/material/ListItemButton';
import { Link } from '@/lib/i18n/navigation';

/** A site path without language prefix, e.g. `/results/1?years=2026`. */
type Href = string;

export function LinkButton({ href, ...props }: Omit<ButtonProps, 'href'> & { href: Href }) {
  return <Button component={Link} href={href} {...props} />;
}

export function LinkChip({ href, ...props }: Omit<ChipProps, 'href'> & { href: Href }) {
  return <Chip component={Link} href={href} clickable {...props} />;
}

export function LinkListItemButton({ href, ...props }: Omit<ListItemButtonProps, 'href'> & { href: Href }) {
  return <ListItemButton component={Link} href={href} {...props} />;
}
