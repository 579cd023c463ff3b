'use client';
/**
 * The contact page's form as an island.
 * Each is server-rendered in place and fetches its code on the visitor's first interaction with it (components/ui/island.tsx, issue 23).
 */
/* eslint-disable @typescript-eslint/no-require-imports -- server-only branches (components/ui/island.tsx), dropped from the browser build */
import type { ComponentProps } from 'react';
import { island } from '@/components/ui/island';

const onServer = typeof window === 'undefined';

/** ./ContactForm.tsx */
export const ContactFormIsland = island<ComponentProps<typeof import('./ContactForm').ContactForm>>(
  () => import('./ContactForm').then((m) => m.ContactForm),
  onServer ? (require('./ContactForm') as typeof import('./ContactForm')).ContactForm : null,
  { queries: true },
);
