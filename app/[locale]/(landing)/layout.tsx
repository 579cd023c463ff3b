/**
 * The landing layout (spec §2 Layouts): the landing page: carousel, action buttons and sections (the page), then the floating sponsor strip.
 */
import type { ReactNode } from 'react';
import { Sponsors } from '@/components/layout/Sponsors';
import type { Locale } from '@/lib/i18n/routing';

export default async function Layout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  return (
    <>
      <div className="layout-landing">{children}</div>
      <Sponsors locale={locale as Locale} />
    </>
  );
}
