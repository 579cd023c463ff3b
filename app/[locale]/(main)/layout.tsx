/**
 * The main layout (spec §2 Layouts): content pages under the shared banner and menus: sub-header with breadcrumbs and title (the page), content, then the floating sponsor strip.
 */
import type { ReactNode } from 'react';
import { Sponsors } from '@/components/layout/Sponsors';
import type { Locale } from '@/lib/i18n/routing';

export default async function Layout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  return (
    <>
      <div className="layout-main">{children}</div>
      <Sponsors locale={locale as Locale} />
    </>
  );
}
