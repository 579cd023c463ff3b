/**
 * The main layout's account, login, password, registration, contact and email-verification
 * routes (spec §2): native forms (issue 23: no MUI) whose client components read the message
 * groups of PAGE_MESSAGES.forms (components/layout/client-messages.tsx). A route group, so the
 * URLs do not change.
 */
import type { ReactNode } from 'react';
import { PAGE_MESSAGES, withClientMessages } from '@/components/layout/client-messages';

export default async function FormPagesLayout({ children }: { children: ReactNode }) {
  return withClientMessages(PAGE_MESSAGES.forms, children);
}
