/**
 * The print layout (spec §2 Layouts: "adds a print-page style and asks which language the
 * server uses for the current session, then switches to it if it differs"): the main layout's
 * banner and footer (kept off paper by the print style), the sheets' print style (print.css), and
 * the language check against GET {api}/langs/current (PrintLanguage). No floating sponsor strip:
 * these are officials' working pages.
 */
import { Suspense, type ReactNode } from 'react';
import { withMui } from '@/components/layout/mui-layout';
import { QueryProvider } from '@/components/layout/QueryProvider';
import { PrintLanguage } from '@/components/print/PrintLanguage';
import './print.css';

export default async function PrintLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  return withMui(
    locale,
    <div className="layout-print">
      <QueryProvider>
        <Suspense fallback={null}>
          <PrintLanguage />
        </Suspense>
        {children}
      </QueryProvider>
    </div>,
  );
}
