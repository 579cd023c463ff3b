'use client';
/**
 * The account page's interactive sections as islands: the profile form, my data, claim my results.
 * Each is server-rendered in place and fetches its code on the visitor's first interaction with it (components/ui/island.tsx, issue 23).
 */
/* eslint-disable @typescript-eslint/no-require-imports -- server-only branches (components/ui/island.tsx), dropped from the browser build */
import type { ComponentProps } from 'react';
import { island } from '@/components/ui/island';

const onServer = typeof window === 'undefined';

/** ./ProfileForm.tsx */
export const ProfileFormIsland = island<ComponentProps<typeof import('./ProfileForm').ProfileForm>>(
  () => import('./ProfileForm').then((m) => m.ProfileForm),
  onServer ? (require('./ProfileForm') as typeof import('./ProfileForm')).ProfileForm : null,
  { queries: true },
);

/** ./MyData.tsx */
export const MyDataIsland = island<ComponentProps<typeof import('./MyData').MyData>>(
  () => import('./MyData').then((m) => m.MyData),
  onServer ? (require('./MyData') as typeof import('./MyData')).MyData : null,
  { queries: true },
);

/** ./ClaimResults.tsx */
export const ClaimResultsIsland = island<ComponentProps<typeof import('./ClaimResults').ClaimResults>>(
  () => import('./ClaimResults').then((m) => m.ClaimResults),
  onServer ? (require('./ClaimResults') as typeof import('./ClaimResults')).ClaimResults : null,
  { queries: true },
);
