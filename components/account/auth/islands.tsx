'use client';
/**
 * The login and password pages' forms as islands (components/ui/island.tsx): each form's
 * code, with react-hook-form and TanStack Query, is fetched on the visitor's first
 * interaction with it; the server's HTML shows the form meanwhile (issue 23).
 */
/* eslint-disable @typescript-eslint/no-require-imports -- server-only branches (components/ui/island.tsx), dropped from the browser build */
import type { ComponentProps } from 'react';
import { island } from '@/components/ui/island';

const onServer = typeof window === 'undefined';

/** ./LoginForm.tsx */
export const LoginFormIsland = island<ComponentProps<typeof import('./LoginForm').LoginForm>>(
  () => import('./LoginForm').then((m) => m.LoginForm),
  onServer ? (require('./LoginForm') as typeof import('./LoginForm')).LoginForm : null,
  { queries: true },
);

/** ./LoggedInPanel.tsx */
export const LoggedInPanelIsland = island<ComponentProps<typeof import('./LoggedInPanel').LoggedInPanel>>(
  () => import('./LoggedInPanel').then((m) => m.LoggedInPanel),
  onServer ? (require('./LoggedInPanel') as typeof import('./LoggedInPanel')).LoggedInPanel : null,
  { queries: true },
);

/** ./ForgotPasswordForm.tsx */
export const ForgotPasswordFormIsland = island<ComponentProps<typeof import('./ForgotPasswordForm').ForgotPasswordForm>>(
  () => import('./ForgotPasswordForm').then((m) => m.ForgotPasswordForm),
  onServer ? (require('./ForgotPasswordForm') as typeof import('./ForgotPasswordForm')).ForgotPasswordForm : null,
  { queries: true },
);

/** ./ResetPasswordForm.tsx */
export const ResetPasswordFormIsland = island<ComponentProps<typeof import('./ResetPasswordForm').ResetPasswordForm>>(
  () => import('./ResetPasswordForm').then((m) => m.ResetPasswordForm),
  onServer ? (require('./ResetPasswordForm') as typeof import('./ResetPasswordForm')).ResetPasswordForm : null,
  { queries: true },
);
