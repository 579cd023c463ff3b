'use client';
/**
 * The trackside page's search form as an island.
 * Each is server-rendered in place and fetches its code on the visitor's first interaction with it (components/ui/island.tsx, issue 23).
 */
/* eslint-disable @typescript-eslint/no-require-imports -- server-only branches (components/ui/island.tsx), dropped from the browser build */
import type { ComponentProps } from 'react';
import { island } from '@/components/ui/island';

const onServer = typeof window === 'undefined';

/** ./TracksideSearch.tsx */
export const TracksideSearchIsland = island<ComponentProps<typeof import('./TracksideSearch').TracksideSearch>>(
  () => import('./TracksideSearch').then((m) => m.TracksideSearch),
  onServer ? (require('./TracksideSearch') as typeof import('./TracksideSearch')).TracksideSearch : null,
  { queries: true },
);
