/**
 * The series layout (spec §2 Layouts: score and series layouts; the variant with a fixed title):
 * the sub-header with the series name stays at the top of the screen
 * while the visitor scrolls a long table; the floating sponsor strip follows the content.
 */
import type { ReactNode } from 'react';
import { Sponsors } from '@/components/layout/Sponsors';
import type { Locale } from '@/lib/i18n/routing';

export default async function Layout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  return (
    <>
      <div className="layout-series layout-fixed-title">{children}</div>
      <Sponsors locale={locale as Locale} />
    </>
  );
}
