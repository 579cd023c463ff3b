/**
 * The check of the family section's minor form (spec §3 Participant account, §5 rules, §6 "A
 * parent or guardian manages minors' accounts from the family section"): `zodResolver` over
 * the shared `minorsStep`. Loaded only through `import()` by the form's `lazyResolver`
 * (lib/forms/lazy-resolver.ts), so that zod is not in /account/family's first load (issue 23);
 * never import it statically from a client component (`import type` is fine).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { minorsStep } from '@/lib/contracts/account';

/** MinorDialog: `minorsStep(holderEmail)` over `{ children: [minor] }` (a minor's email must differ from the holder's). */
export function minorResolver(holderEmail: string) {
  return zodResolver(minorsStep(holderEmail));
}
