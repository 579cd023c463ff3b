'use client';
/**
 * The security section's forms and the resend-verification button as islands.
 * Each is server-rendered in place and fetches its code on the visitor's first interaction with it (components/ui/island.tsx, issue 23).
 */
/* eslint-disable @typescript-eslint/no-require-imports -- server-only branches (components/ui/island.tsx), dropped from the browser build */
import type { ComponentProps } from 'react';
import { island } from '@/components/ui/island';

const onServer = typeof window === 'undefined';

/** ./ChangeEmailForm.tsx */
export const ChangeEmailFormIsland = island<ComponentProps<typeof import('./ChangeEmailForm').ChangeEmailForm>>(
  () => import('./ChangeEmailForm').then((m) => m.ChangeEmailForm),
  onServer ? (require('./ChangeEmailForm') as typeof import('./ChangeEmailForm')).ChangeEmailForm : null,
  { queries: true },
);

/** ./ChangePasswordForm.tsx */
export const ChangePasswordFormIsland = island<object>(
  () => import('./ChangePasswordForm').then((m) => m.ChangePasswordForm),
  onServer ? (require('./ChangePasswordForm') as typeof import('./ChangePasswordForm')).ChangePasswordForm : null,
  { queries: true },
);

/** ./ResendVerificationButton.tsx */
export const ResendVerificationButtonIsland = island<ComponentProps<typeof import('./ResendVerificationButton').ResendVerificationButton>>(
  () => import('./ResendVerificationButton').then((m) => m.ResendVerificationButton),
  onServer ? (require('./ResendVerificationButton') as typeof import('./ResendVerificationButton')).ResendVerificationButton : null,
  { queries: true },
);
