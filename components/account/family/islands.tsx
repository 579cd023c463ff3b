'use client';
/**
 * The family section's list of minors (with its add and edit forms) as an island.
 * Each is server-rendered in place and fetches its code on the visitor's first interaction with it (components/ui/island.tsx, issue 23).
 */
import { islandOf } from '@/components/ui/island';

const onServer = typeof window === 'undefined';
// The server renders each component in place, so it has its module at hand (top-level await,
// server only: the browser build drops these imports and fetches each module with its island).
const familyList = onServer ? await import('./FamilyList') : null;

export const FamilyListIsland = islandOf(() => import('./FamilyList'), familyList, 'FamilyList', { queries: true });
