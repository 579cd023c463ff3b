'use client';
/**
 * The purchase button as an island (components/ui/island.tsx, issue 23): server-rendered in
 * place, its code fetched on the buyer's first interaction with it, a press made before then held
 * and pressed again once hydrated (so the purchase pages carry no client code at first load).
 */
import { islandOf } from '@/components/ui/island';

const onServer = typeof window === 'undefined';
const payButton = onServer ? await import('./PayButton') : null;

export const PayButtonIsland = islandOf(() => import('./PayButton'), payButton, 'PayButton');
