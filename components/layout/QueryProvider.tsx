'use client';
/**
 * TanStack Query for the client components that fetch or send (issue 23: the library stays off
 * the first load of every page; it was 12 KiB of gzip on every page). Placed around the islands
 * that need it (components/ui/island.tsx `queries: true`: the account, login, password,
 * registration, contact, email-verification and trackside forms, fetched with their form on
 * first use) and by the pieces loaded when used that fetch (the rider and season dialogs, the
 * lap chart, the results filter panel, an organization's contact form).
 *
 * One client per browser tab, shared by every provider (its cache survives moving between those
 * pages); a new one per server render. The loading overlay (./Overlay.tsx, spec §4) is switched
 * on here while any query or mutation is in flight, except those whose `meta.overlay` is false
 * (they show their own progress, inside a dialog say).
 */
import { QueryClient, QueryClientProvider, useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useOverlay } from './Overlay';

const newClient = () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } } });

let browserClient: QueryClient | undefined;

/** The tab's client in the browser; a fresh one on the server (never shared between requests). */
function queryClient(): QueryClient {
  if (typeof window === 'undefined') return newClient();
  browserClient ??= newClient();
  return browserClient;
}

/** Whether a query or mutation shows the overlay: all do, except those whose `meta.overlay` is false. */
const showsOverlay = (meta: Record<string, unknown> | undefined) => meta?.overlay !== false;

/** Keeps the overlay on while any client query or mutation is in flight. */
function ClientFetches() {
  const { show, done } = useOverlay();
  const busy = useIsFetching({ predicate: (q) => showsOverlay(q.meta) }) + useIsMutating({ predicate: (m) => showsOverlay(m.options.meta) }) > 0;
  useEffect(() => {
    if (!busy) return;
    show();
    return done;
  }, [busy, show, done]);
  return null;
}

/** TanStack Query's provider with the tab's client, and the overlay's watch of its fetches. */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(queryClient);
  return (
    <QueryClientProvider client={client}>
      <ClientFetches />
      {children}
    </QueryClientProvider>
  );
}
