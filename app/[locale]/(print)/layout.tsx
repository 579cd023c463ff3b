/**
 * The print layout (spec §2 Layouts: "adds a print-page style and asks which language the
 * server uses for the current session, then switches to it if it differs"): the main layout's
 * banner and footer (kept off paper by the print style), the sheets' print style (print.css), and
 * the language check against GET {api}/langs/current (PrintLanguage). No floating sponsor strip:
 * these are officials' working pages. No MUI or TanStack Query providers (issue 23): the
 * selection and sheet pages are plain HTML with small client leaves (the selection form, the
 * Print button, the language check, which calls the API with `fetch`).
 */
import { Suspense, type ReactNode } from 'react';
import { PAGE_MESSAGES, withClientMessages } from '@/components/layout/client-messages';
import { PrintLanguage } from '@/components/print/PrintLanguage';
import './print.css';

export default async function PrintLayout({ children }: { children: ReactNode }) {
  return (
    <div className="layout-print">
      {await withClientMessages(
        PAGE_MESSAGES.print,
        <>
          <Suspense fallback={null}>
            <PrintLanguage />
          </Suspense>
          {children}
        </>,
      )}
    </div>
  );
}
