/**
 * Client calls of the desk's texts (issue 25 "French and Spanish data … (the desk edits them;
 * English fallback)"): a club's, an organization's or a membership type's texts saved (PUT
 * /ll/api/v1/desk/texts/clubs/{id}, …/organizations/{id}, …/membership-types/{id}), with the
 * TanStack mutation the texts editor uses. Failures are `DeskSaveError` (./desk.ts): the API's
 * code (`not_found`, `unauthenticated` …) and the field issues of a 400.
 */
import { useMutation } from '@tanstack/react-query';
import type { DeskTextsInput } from '@/lib/contracts/desk-texts';
import { api } from './client';
import { toDeskError, type DeskSaveError } from './desk';

/** Which record's texts: a club (promoters row id), an organization or a membership type. */
export type DeskTextsKind = 'club' | 'organization' | 'membershipType';

const PATHS: Record<DeskTextsKind, string> = { club: 'clubs', organization: 'organizations', membershipType: 'membership-types' };

/** The texts of record `id` of `kind` saved; resolves to whether anything changed. @throws DeskSaveError */
export async function saveDeskTexts(call: { kind: DeskTextsKind; id: number; input: DeskTextsInput }): Promise<boolean> {
  try {
    return (await api.put<{ id: number; changed: boolean }>(`/desk/texts/${PATHS[call.kind]}/${call.id}`, call.input, { headers: { 'Content-Type': 'application/json' } })).data.changed;
  } catch (err) {
    throw toDeskError(err);
  }
}

/** The texts form's save (no retry). */
export function useSaveDeskTexts() {
  return useMutation<boolean, DeskSaveError, Parameters<typeof saveDeskTexts>[0]>({ mutationFn: saveDeskTexts, retry: false });
}
