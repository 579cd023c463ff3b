/**
 * Route layouts for pages that fetch from the browser: the page inside TanStack Query's provider
 * (./QueryProvider.tsx). Kept apart from ./group-layout.tsx so that importing the group layouts
 * never brings the provider (and the query library) into a page that does not fetch (issue 23).
 */
import type { ReactNode } from 'react';
import { QueryProvider } from './QueryProvider';

/** The page inside TanStack Query's provider. */
export function withQueries(page: ReactNode): ReactNode {
  return <QueryProvider>{page}</QueryProvider>;
}

/** The layout of a route whose page fetches from the browser. */
export function QueryRouteLayout({ children }: { children: ReactNode }) {
  return withQueries(children);
}
