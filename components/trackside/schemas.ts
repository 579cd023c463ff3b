/**
 * The trackside search form's check (spec §5 Trackside search): `zodResolver(tracksideSearchForm)`
 * (faults are `CriterionIssue` codes on `criterion`). Loaded only through `import()` by the
 * form's `lazyResolver` (lib/forms/lazy-resolver.ts), so that zod is not in /liveonlivelaps'
 * first load (issue 23); never import it statically from a client component (`import type` is
 * fine).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { tracksideSearchForm } from '@/lib/contracts/trackside';

/** TracksideSearch: `{ type, criterion }`. */
export const searchResolver = zodResolver(tracksideSearchForm);
