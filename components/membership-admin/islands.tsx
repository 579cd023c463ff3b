'use client';
/**
 * The admin's membership-type and promo-code editors as islands: server-rendered in place, their
 * code fetched on the visitor's first interaction (components/ui/island.tsx, issue 23).
 */
import { islandOf } from '@/components/ui/island';

const onServer = typeof window === 'undefined';
// The server renders the component in place (top-level await, server only: the browser build drops this import).
const typeEditor = onServer ? await import('./MembershipTypeEditor') : null;
const promoEditor = onServer ? await import('./PromoCodeEditor') : null;

export const MembershipTypeEditorIsland = islandOf(() => import('./MembershipTypeEditor'), typeEditor, 'MembershipTypeEditor', { queries: true });
export const PromoCodeEditorIsland = islandOf(() => import('./PromoCodeEditor'), promoEditor, 'PromoCodeEditor', { queries: true });
