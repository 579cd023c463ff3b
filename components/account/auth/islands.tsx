'use client';
/**
 * The login and password pages' forms as islands (components/ui/island.tsx): each form's
 * code, with react-hook-form and TanStack Query, is fetched on the visitor's first
 * interaction with it; the server's HTML shows the form meanwhile (issue 23).
 */
import type { ComponentProps } from 'react';
import { island } from '@/components/ui/island';

const onServer = typeof window === 'undefined';
// The server renders each component in place, so it has its module at hand (top-level await,
// server only: the browser build drops these imports and fetches each module with its island).
const ForgotPasswordFormModule = onServer ? await import('./ForgotPasswordForm') : null;
const LoggedInPanelModule = onServer ? await import('./LoggedInPanel') : null;
const LoginFormModule = onServer ? await import('./LoginForm') : null;
const ResetPasswordFormModule = onServer ? await import('./ResetPasswordForm') : null;

/** ./LoginForm.tsx */
export const LoginFormIsland = island<ComponentProps<typeof import('./LoginForm').LoginForm>>(
  () => import('./LoginForm').then((m) => m.LoginForm),
  LoginFormModule?.LoginForm ?? null,
  { queries: true },
);

/** ./LoggedInPanel.tsx */
export const LoggedInPanelIsland = island<ComponentProps<typeof import('./LoggedInPanel').LoggedInPanel>>(
  () => import('./LoggedInPanel').then((m) => m.LoggedInPanel),
  LoggedInPanelModule?.LoggedInPanel ?? null,
  { queries: true },
);

/** ./ForgotPasswordForm.tsx */
export const ForgotPasswordFormIsland = island<ComponentProps<typeof import('./ForgotPasswordForm').ForgotPasswordForm>>(
  () => import('./ForgotPasswordForm').then((m) => m.ForgotPasswordForm),
  ForgotPasswordFormModule?.ForgotPasswordForm ?? null,
  { queries: true },
);

/** ./ResetPasswordForm.tsx */
export const ResetPasswordFormIsland = island<ComponentProps<typeof import('./ResetPasswordForm').ResetPasswordForm>>(
  () => import('./ResetPasswordForm').then((m) => m.ResetPasswordForm),
  ResetPasswordFormModule?.ResetPasswordForm ?? null,
  { queries: true },
);
