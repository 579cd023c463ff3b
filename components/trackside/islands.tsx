'use client';
/**
 * The trackside page's search form as an island.
 * Each is server-rendered in place and fetches its code on the visitor's first interaction with it (components/ui/island.tsx, issue 23).
 */
import { islandOf } from '@/components/ui/island';

const onServer = typeof window === 'undefined';
// The server renders each component in place, so it has its module at hand (top-level await,
// server only: the browser build drops these imports and fetches each module with its island).
const tracksideSearch = onServer ? await import('./TracksideSearch') : null;

export const TracksideSearchIsland = islandOf(() => import('./TracksideSearch'), tracksideSearch, 'TracksideSearch', { queries: true });
