/**
 * The checks of the account page's profile forms (issue 11 profiles and claims; spec §5 rules):
 * `zodResolver` over the shared contract. Loaded only through `import()` by the forms'
 * `lazyResolver` (lib/forms/lazy-resolver.ts), so that zod is not in the account page's first
 * load (issue 23); never import it statically from a client component (`import type` is fine).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { claimInput, closeAccountInput, profileUpdateInput } from '@/lib/contracts/account';

/** ProfileForm: `profileUpdateInput` (phone, address, emergency contact, licence). */
export const profileResolver = zodResolver(profileUpdateInput);

/** ClaimResults' dialog: the licence or member number of `claimInput`. */
export const claimLicenceResolver = zodResolver(claimInput.pick({ licence: true }));

/** ConfirmPasswordDialog: `closeAccountInput` (the holder's password). */
export const confirmPasswordResolver = zodResolver(closeAccountInput);
