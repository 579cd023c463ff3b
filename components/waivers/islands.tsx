'use client';
/**
 * The waiver's signing form as an island (components/ui/island.tsx, issue 23): server-rendered in
 * place, its code fetched on the signer's first interaction; the signature pad and the camera
 * inside it load later still, when used.
 */
import { islandOf } from '@/components/ui/island';

const onServer = typeof window === 'undefined';
const waiverSign = onServer ? await import('./WaiverSign') : null;

export const WaiverSignIsland = islandOf(() => import('./WaiverSign'), waiverSign, 'WaiverSign');
