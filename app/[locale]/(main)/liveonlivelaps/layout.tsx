/**
 * /liveonlivelaps (spec §2): the trackside search fetches from the browser (TanStack Query's
 * provider, components/layout/QueryProvider.tsx) and reads the `trackside` and `apiErrors`
 * messages (components/layout/client-messages.tsx).
 */
import type { ReactNode } from 'react';
import { PAGE_MESSAGES, withClientMessages } from '@/components/layout/client-messages';
import { withQueries } from '@/components/layout/query-layout';

export default async function TracksideLayout({ children }: { children: ReactNode }) {
  return withClientMessages(PAGE_MESSAGES.trackside, withQueries(children));
}
