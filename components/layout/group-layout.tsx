/**
 * The route groups' layouts (spec §2 Layouts) differ only in what wraps the page: each is the
 * page inside a box naming its layout (`layout-main` …, styled in app/globals.css: the score
 * and series layouts add `layout-fixed-title`, the variant with a fixed title), then the
 * floating sponsor strip. The banner, menus and footer come from app/[locale]/layout.tsx.
 */
import type { ReactNode } from 'react';
import type { Locale } from '@/lib/i18n/routing';
import { withClientMessages } from './client-messages';
import { Sponsors } from './Sponsors';

type LayoutProps = { children: ReactNode; params: Promise<{ locale: string }> };

/**
 * A route group's layout component for the given class names; `messages` are the message
 * groups its pages' client components read (./client-messages.tsx).
 */
export function groupLayout(className: string, messages: readonly string[]) {
  return async function GroupLayout({ children, params }: LayoutProps) {
    const { locale } = await params;
    return (
      <>
        <div className={className}>{await withClientMessages(messages, children)}</div>
        <Sponsors locale={locale as Locale} />
      </>
    );
  };
}

