'use client';
/**
 * The security section's forms and the resend-verification button as islands.
 * Each is server-rendered in place and fetches its code on the visitor's first interaction with it (components/ui/island.tsx, issue 23).
 */
import { islandOf } from '@/components/ui/island';

const onServer = typeof window === 'undefined';
// The server renders each component in place, so it has its module at hand (top-level await,
// server only: the browser build drops these imports and fetches each module with its island).
const changeEmailForm = onServer ? await import('./ChangeEmailForm') : null;
const changePasswordForm = onServer ? await import('./ChangePasswordForm') : null;
const resendVerificationButton = onServer ? await import('./ResendVerificationButton') : null;

export const ChangeEmailFormIsland = islandOf(() => import('./ChangeEmailForm'), changeEmailForm, 'ChangeEmailForm', { queries: true });

export const ChangePasswordFormIsland = islandOf(() => import('./ChangePasswordForm'), changePasswordForm, 'ChangePasswordForm', { queries: true });

export const ResendVerificationButtonIsland = islandOf(() => import('./ResendVerificationButton'), resendVerificationButton, 'ResendVerificationButton', { queries: true });
