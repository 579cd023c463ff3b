'use client';
/**
 * The security section's forms and the resend-verification button as islands.
 * Each is server-rendered in place and fetches its code on the visitor's first interaction with it (components/ui/island.tsx, issue 23).
 */
import type { ComponentProps } from 'react';
import { island } from '@/components/ui/island';

const onServer = typeof window === 'undefined';
// The server renders each component in place, so it has its module at hand (top-level await,
// server only: the browser build drops these imports and fetches each module with its island).
const ChangeEmailFormModule = onServer ? await import('./ChangeEmailForm') : null;
const ChangePasswordFormModule = onServer ? await import('./ChangePasswordForm') : null;
const ResendVerificationButtonModule = onServer ? await import('./ResendVerificationButton') : null;

/** ./ChangeEmailForm.tsx */
export const ChangeEmailFormIsland = island<ComponentProps<typeof import('./ChangeEmailForm').ChangeEmailForm>>(
  () => import('./ChangeEmailForm').then((m) => m.ChangeEmailForm),
  ChangeEmailFormModule?.ChangeEmailForm ?? null,
  { queries: true },
);

/** ./ChangePasswordForm.tsx */
export const ChangePasswordFormIsland = island<object>(
  () => import('./ChangePasswordForm').then((m) => m.ChangePasswordForm),
  ChangePasswordFormModule?.ChangePasswordForm ?? null,
  { queries: true },
);

/** ./ResendVerificationButton.tsx */
export const ResendVerificationButtonIsland = island<ComponentProps<typeof import('./ResendVerificationButton').ResendVerificationButton>>(
  () => import('./ResendVerificationButton').then((m) => m.ResendVerificationButton),
  ResendVerificationButtonModule?.ResendVerificationButton ?? null,
  { queries: true },
);
