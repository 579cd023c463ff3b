'use client';
/**
 * A calendar control rendered as a locale-aware link that keeps the scroll position (Previous,
 * Today, Next, the view switcher, the load buttons): the calendar changes in place instead of
 * jumping to the top of the page. Without JavaScript it is a plain link.
 */
import Button, { type ButtonProps } from '@mui/material/Button';
import { Link } from '@/lib/i18n/navigation';

export function CalendarNavButton({ href, ...props }: Omit<ButtonProps, 'href'> & { href: string }) {
  return <Button component={Link} href={href} scroll={false} {...props} />;
}
