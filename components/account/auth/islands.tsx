'use client';
/**
 * The login and password pages' forms as islands (components/ui/island.tsx): each form's
 * code, with react-hook-form and TanStack Query, is fetched on the visitor's first
 * interaction with it; the server's HTML shows the form meanwhile (issue 23).
 */
import { islandOf } from '@/components/ui/island';

const onServer = typeof window === 'undefined';
// The server renders each component in place, so it has its module at hand (top-level await,
// server only: the browser build drops these imports and fetches each module with its island).
const forgotPasswordForm = onServer ? await import('./ForgotPasswordForm') : null;
const loggedInPanel = onServer ? await import('./LoggedInPanel') : null;
const loginForm = onServer ? await import('./LoginForm') : null;
const resetPasswordForm = onServer ? await import('./ResetPasswordForm') : null;

export const LoginFormIsland = islandOf(() => import('./LoginForm'), loginForm, 'LoginForm', { queries: true });

export const LoggedInPanelIsland = islandOf(() => import('./LoggedInPanel'), loggedInPanel, 'LoggedInPanel', { queries: true });

export const ForgotPasswordFormIsland = islandOf(() => import('./ForgotPasswordForm'), forgotPasswordForm, 'ForgotPasswordForm', { queries: true });

export const ResetPasswordFormIsland = islandOf(() => import('./ResetPasswordForm'), resetPasswordForm, 'ResetPasswordForm', { queries: true });
