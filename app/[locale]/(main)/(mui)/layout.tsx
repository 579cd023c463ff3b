/**
 * The main layout's routes whose pages still use MUI components (issue 23): their pages inside
 * MUI's theme (components/layout/mui-layout.tsx) with the message groups their client
 * components read (components/layout/client-messages.tsx). A route group, so the URLs do not
 * change; a page moves out of it when it is plain HTML with small client leaves.
 */
import type { ReactNode } from 'react';
import { PAGE_MESSAGES, withClientMessages } from '@/components/layout/client-messages';
import { withMui } from '@/components/layout/mui-layout';

export default async function MuiPagesLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  return withMui(locale, await withClientMessages(PAGE_MESSAGES.mui, children));
}
