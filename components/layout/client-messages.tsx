/**
 * Which message groups the client components of each part of the site read (issue 23: a page's
 * HTML carries only those, not the whole catalogue). The shell's own leaves (menus, account
 * control, notices, the error boundary) read `SHELL_MESSAGES` from the root provider
 * (app/[locale]/layout.tsx, through `withClientMessages` too); a route group's layout gives its pages theirs with
 * `withClientMessages` (a nested provider: its groups replace the shell's inside the page). When
 * a client component starts reading another group, add it to the list of the routes that show it.
 */
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { pickMessages } from '@/lib/i18n/pick-messages';

/** The shell's leaves: components/layout, components/menu, app/[locale]/error.tsx. */
export const SHELL_MESSAGES = ['shell', 'common', 'errors', 'account.header', 'trackside.offline'] as const;

/** The client components of each route group's pages (components/<folder> they render). */
export const PAGE_MESSAGES = {
  /** components/home. */
  landing: ['home'],
  /** components/content (the FAQ search). */
  main: ['content.faq'],
  /** The account, login, password, registration, contact and email-verification forms (components/account, components/contact), and the promoter's desk (components/desk). */
  forms: ['account', 'accountFields', 'accountStepper', 'auth', 'contact', 'apiErrors', 'common', 'desk'],
  /** components/trackside (/liveonlivelaps: the racer search). */
  trackside: ['trackside', 'apiErrors'],
  /** components/results, components/live. */
  scores: ['apiErrors', 'columns', 'race', 'states', 'live'],
  /** components/series, components/charts. */
  series: ['apiErrors', 'series', 'seriesTable', 'states', 'columns'],
  /** components/print (the language check). */
  print: ['print'],
} as const satisfies Record<string, readonly string[]>;

/** The messages of `namespaces` for the client components under `page`. */
export async function withClientMessages(namespaces: readonly string[], page: ReactNode): Promise<ReactNode> {
  const messages = (await getMessages()) as Parameters<typeof pickMessages>[0];
  return <NextIntlClientProvider messages={pickMessages(messages, namespaces)}>{page}</NextIntlClientProvider>;
}
