'use client';
/**
 * The office's order actions as an island: server-rendered in place, their code (and TanStack
 * Query) fetched on the visitor's first interaction (components/ui/island.tsx, issue 23).
 */
import { islandOf } from '@/components/ui/island';

const onServer = typeof window === 'undefined';
// The server renders the component in place (top-level await, server only: the browser build drops this import).
const actions = onServer ? await import('./OrderActions') : null;

export const OrderActionsIsland = islandOf(() => import('./OrderActions'), actions, 'OrderActions', { queries: true });
