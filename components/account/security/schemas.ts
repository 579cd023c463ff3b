/**
 * The checks of the account page's security forms (issue 22: change of email and of password;
 * spec §5 password rules): `zodResolver` over the shared contract. Loaded only through
 * `import()` by the forms' `lazyResolver` (lib/forms/lazy-resolver.ts), so that zod is not in
 * the account page's first load (issue 23); never import it statically from a client component
 * (`import type` is fine).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { changeEmailInput, changePasswordInput } from '@/lib/contracts/account';

/** ChangeEmailForm: `changeEmailInput` (new email, password, locale). */
export const changeEmailResolver = zodResolver(changeEmailInput);

/** ChangePasswordForm: `changePasswordInput` (current, new, confirmation; the new one must differ). */
export const changePasswordResolver = zodResolver(changePasswordInput);
