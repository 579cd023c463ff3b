/**
 * A calendar control rendered as a locale-aware link that keeps the scroll position (Previous,
 * Today, Next, the view switcher, the load buttons): the calendar changes in place instead of
 * jumping to the top of the page. A plain link with the button look (issue 23: MUI's Button
 * before), rendered on the server; without JavaScript it is an ordinary link.
 */
import type { ComponentProps } from 'react';
import { Link } from '@/lib/i18n/navigation';

export function CalendarNavButton({ href, ...props }: Omit<ComponentProps<typeof Link>, 'href' | 'scroll'> & { href: string }) {
  return <Link href={href} scroll={false} {...props} />;
}
