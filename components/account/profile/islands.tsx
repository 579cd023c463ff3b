'use client';
/**
 * The account page's interactive sections as islands: the profile form, my data, claim my results.
 * Each is server-rendered in place and fetches its code on the visitor's first interaction with it (components/ui/island.tsx, issue 23).
 */
import { islandOf } from '@/components/ui/island';

const onServer = typeof window === 'undefined';
// The server renders each component in place, so it has its module at hand (top-level await,
// server only: the browser build drops these imports and fetches each module with its island).
const claimResults = onServer ? await import('./ClaimResults') : null;
const myData = onServer ? await import('./MyData') : null;
const profileForm = onServer ? await import('./ProfileForm') : null;

export const ProfileFormIsland = islandOf(() => import('./ProfileForm'), profileForm, 'ProfileForm', { queries: true });

export const MyDataIsland = islandOf(() => import('./MyData'), myData, 'MyData', { queries: true });

export const ClaimResultsIsland = islandOf(() => import('./ClaimResults'), claimResults, 'ClaimResults', { queries: true });
