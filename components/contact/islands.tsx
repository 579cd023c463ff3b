'use client';
/**
 * The contact page's form as an island.
 * Each is server-rendered in place and fetches its code on the visitor's first interaction with it (components/ui/island.tsx, issue 23).
 */
import type { ComponentProps } from 'react';
import { island } from '@/components/ui/island';

const onServer = typeof window === 'undefined';
// The server renders each component in place, so it has its module at hand (top-level await,
// server only: the browser build drops these imports and fetches each module with its island).
const ContactFormModule = onServer ? await import('./ContactForm') : null;

/** ./ContactForm.tsx */
export const ContactFormIsland = island<ComponentProps<typeof import('./ContactForm').ContactForm>>(
  () => import('./ContactForm').then((m) => m.ContactForm),
  ContactFormModule?.ContactForm ?? null,
  { queries: true },
);
