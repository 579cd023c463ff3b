/**
 * The desk's event form check (issue 24): `deskEventInput` (lib/contracts/desk.ts) through
 * `zodResolver`, the host clubs typed as one line (`CJCR, SJER`) split first. Loaded only through
 * `import()` by the form's `lazyResolver` (no zod in the desk's first load, issue 23).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { deskEventInput, hostClubsOf, type DeskEventInput } from '@/lib/contracts/desk';
import type { EventFormValues } from './EventForm';

const formInput = z
  .looseObject({ hostClubsLine: z.string() })
  .transform(({ hostClubsLine, ...rest }) => ({ ...rest, hostClubs: hostClubsOf(hostClubsLine) }))
  // The contract's input type allows an absent list (it defaults to none); the line always gives one.
  .pipe(deskEventInput as unknown as z.ZodType<DeskEventInput, { hostClubs: string[] }>);

/** EventForm's values → the contract's event (issues on the contract's paths: `hostClubs.0` …). */
export const deskEventResolver = zodResolver(formInput) as unknown as Resolver<EventFormValues, unknown, DeskEventInput>;
