'use client';
/**
 * The spectator steps' forms as islands (components/ui/island.tsx, issue 23): server-rendered in
 * place, their code fetched on the buyer's first interaction (./SpectatorForms.tsx).
 */
import { islandOf } from '@/components/ui/island';

const onServer = typeof window === 'undefined';
const forms = onServer ? await import('./SpectatorForms') : null;

export const PersonFormIsland = islandOf(() => import('./SpectatorForms'), forms, 'PersonForm');
export const SpectatorActionIsland = islandOf(() => import('./SpectatorForms'), forms, 'SpectatorAction');
