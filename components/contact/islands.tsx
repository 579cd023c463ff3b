'use client';
/**
 * The contact page's form as an island.
 * Each is server-rendered in place and fetches its code on the visitor's first interaction with it (components/ui/island.tsx, issue 23).
 */
import { islandOf } from '@/components/ui/island';

const onServer = typeof window === 'undefined';
// The server renders each component in place, so it has its module at hand (top-level await,
// server only: the browser build drops these imports and fetches each module with its island).
const contactForm = onServer ? await import('./ContactForm') : null;

export const ContactFormIsland = islandOf(() => import('./ContactForm'), contactForm, 'ContactForm', { queries: true });
