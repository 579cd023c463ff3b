'use client';
/**
 * The account page's interactive sections as islands: the profile form, my data, claim my results.
 * Each is server-rendered in place and fetches its code on the visitor's first interaction with it (components/ui/island.tsx, issue 23).
 */
import type { ComponentProps } from 'react';
import { island } from '@/components/ui/island';

const onServer = typeof window === 'undefined';
// The server renders each component in place, so it has its module at hand (top-level await,
// server only: the browser build drops these imports and fetches each module with its island).
const ClaimResultsModule = onServer ? await import('./ClaimResults') : null;
const MyDataModule = onServer ? await import('./MyData') : null;
const ProfileFormModule = onServer ? await import('./ProfileForm') : null;

/** ./ProfileForm.tsx */
export const ProfileFormIsland = island<ComponentProps<typeof import('./ProfileForm').ProfileForm>>(
  () => import('./ProfileForm').then((m) => m.ProfileForm),
  ProfileFormModule?.ProfileForm ?? null,
  { queries: true },
);

/** ./MyData.tsx */
export const MyDataIsland = island<ComponentProps<typeof import('./MyData').MyData>>(
  () => import('./MyData').then((m) => m.MyData),
  MyDataModule?.MyData ?? null,
  { queries: true },
);

/** ./ClaimResults.tsx */
export const ClaimResultsIsland = island<ComponentProps<typeof import('./ClaimResults').ClaimResults>>(
  () => import('./ClaimResults').then((m) => m.ClaimResults),
  ClaimResultsModule?.ClaimResults ?? null,
  { queries: true },
);
