/**
 * The checks of the login, forgot-password and reset-password forms (spec §2 /login,
 * /forgotPassword, /resetPassword; §8 Login and reset): `zodResolver` over the shared contract.
 * Loaded only through `import()` by the forms' `lazyResolver` (lib/forms/lazy-resolver.ts), so
 * that zod is not in these pages' first load (issue 23); never import it statically from a
 * client component (`import type` is fine).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { emailField, loginInput, resetPasswordInput } from '@/lib/contracts/account';

/** LoginForm: `loginInput` (email, password). */
export const loginResolver = zodResolver(loginInput);

/** The forgot-password form's own check: the contract's email rule (the language is the page's). */
const forgotForm = z.object({ email: emailField });
export type ForgotFields = z.input<typeof forgotForm>;
export type ForgotValues = z.output<typeof forgotForm>;

/** ForgotPasswordForm: `{ email }` with the contract's `emailField`. */
export const forgotPasswordResolver = zodResolver(forgotForm);

/** ResetPasswordForm: `resetPasswordInput` (token, password, its confirmation). */
export const resetPasswordResolver = zodResolver(resetPasswordInput);
