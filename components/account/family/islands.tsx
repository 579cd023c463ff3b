'use client';
/**
 * The family section's list of minors (with its add and edit forms) as an island.
 * Each is server-rendered in place and fetches its code on the visitor's first interaction with it (components/ui/island.tsx, issue 23).
 */
/* eslint-disable @typescript-eslint/no-require-imports -- server-only branches (components/ui/island.tsx), dropped from the browser build */
import type { ComponentProps } from 'react';
import { island } from '@/components/ui/island';

const onServer = typeof window === 'undefined';

/** ./FamilyList.tsx */
export const FamilyListIsland = island<ComponentProps<typeof import('./FamilyList').FamilyList>>(
  () => import('./FamilyList').then((m) => m.FamilyList),
  onServer ? (require('./FamilyList') as typeof import('./FamilyList')).FamilyList : null,
  { queries: true },
);
