/**
 * /liveonlivelaps (spec §2): the trackside search (an island with TanStack Query's provider,
 * components/trackside/islands.tsx) reads the `trackside` and `apiErrors` messages
 * (components/layout/client-messages.tsx).
 */
import type { ReactNode } from 'react';
import { PAGE_MESSAGES, withClientMessages } from '@/components/layout/client-messages';

export default async function TracksideLayout({ children }: { children: ReactNode }) {
  return withClientMessages(PAGE_MESSAGES.trackside, children);
}
