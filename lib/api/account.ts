/**
 * Client calls of the logged-in participant's own account (issue 11 "Profiles", "Privacy and
 * security"; spec §6 "A parent or guardian manages minors' accounts from the family section")
 * and the TanStack Query hooks the account page and the family section use (the calls themselves
 * are in ./account-calls.ts, re-exported here; the header's logout uses them without the hooks):
 *  - profile: GET/PUT /users/current/profile (`ProfileView`);
 *  - minors: GET/POST /users/current/minors, PUT/DELETE /users/current/minors/{id};
 *  - claims: GET/POST /users/current/claims;
 *  - close: DELETE /users/current `{ password }`;
 *  - logout: POST /auth/logout;
 *  - security (issue 22): POST /users/current/verification-email (a new verification link),
 *    POST /users/current/password (every other session ended), POST /users/current/email (a
 *    link to the new address, a notice to the old one);
 *  - exports: plain links (`accountPaths.export`, `accountPaths.minorExport(id)`), a file
 *    download the browser makes itself (works without JavaScript).
 * Unsafe calls carry the page's Origin (the browser sends it; the API refuses others).
 * Failures become `AccountCallError`: the API's code (`wrong_password`, `unauthenticated`,
 * `not_found`, `invalid_licence`, a field code …), the field `issues` of a 400, and
 * `retryAfterS` of a 429; `network_error` without a reply.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmailFields, ChangePasswordInput, ClaimCandidate, MinorFields, MinorView, ProfileUpdateFields, ProfileView } from '@/lib/contracts/account';
import type { AccountCallError } from './account-errors';
import {
  deleteAccount,
  deleteMinor,
  getClaims,
  getMinors,
  getProfile,
  postChangeEmail,
  postChangePassword,
  postClaim,
  postMinor,
  postVerificationEmail,
  putMinor,
  putProfile,
} from './account-calls';

export * from './account-calls';

const keys = {
  profile: ['account', 'profile'] as const,
  minors: ['account', 'minors'] as const,
  claims: ['account', 'claims'] as const,
};

/** The holder's profile; `initial`: the one the server rendered. */
export function useProfile(initial?: ProfileView) {
  return useQuery<ProfileView, AccountCallError>({ queryKey: keys.profile, queryFn: getProfile, initialData: initial, retry: false });
}

/** Saves the profile form (no retry: the holder sees the outcome); the profile query then holds the server's answer. */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation<ProfileView, AccountCallError, ProfileUpdateFields>({
    mutationFn: putProfile,
    retry: false,
    onSuccess: (profile) => client.setQueryData(keys.profile, profile),
  });
}

/** The minors the holder manages; `initial`: those the server rendered. */
export function useMinors(initial?: MinorView[]) {
  return useQuery<MinorView[], AccountCallError>({ queryKey: keys.minors, queryFn: getMinors, initialData: initial, retry: false });
}

/** Adds a minor to the family; the list then holds them. */
export function useAddMinor() {
  const client = useQueryClient();
  return useMutation<MinorView, AccountCallError, MinorFields>({
    mutationFn: postMinor,
    retry: false,
    meta: { overlay: false },
    onSuccess: (minor) => client.setQueryData<MinorView[]>(keys.minors, (old) => [...(old ?? []), minor]),
  });
}

/** Saves a minor's edit; the list then holds the server's answer. */
export function useUpdateMinor() {
  const client = useQueryClient();
  return useMutation<MinorView, AccountCallError, { id: number; fields: MinorFields }>({
    mutationFn: ({ id, fields }) => putMinor(id, fields),
    retry: false,
    meta: { overlay: false },
    onSuccess: (minor) => client.setQueryData<MinorView[]>(keys.minors, (old) => (old ?? []).map((m) => (m.id === minor.id ? minor : m))),
  });
}

/** Closes a minor's account (the holder's password again); the list then drops them. */
export function useCloseMinor() {
  const client = useQueryClient();
  return useMutation<{ ok: true }, AccountCallError, { id: number; password: string }>({
    mutationFn: ({ id, password }) => deleteMinor(id, password),
    retry: false,
    meta: { overlay: false },
    onSuccess: (_ok, { id }) => client.setQueryData<MinorView[]>(keys.minors, (old) => (old ?? []).filter((m) => m.id !== id)),
  });
}

/** Closes the holder's own account (and their minors'); the caller then navigates home. */
export function useCloseAccount() {
  return useMutation<{ ok: true }, AccountCallError, string>({ mutationFn: deleteAccount, retry: false, meta: { overlay: false } });
}

/** The racer records the holder may claim and those already theirs; `initial`: the lists the server rendered. */
export function useClaims(initial?: { candidates: ClaimCandidate[]; claimed: ClaimCandidate[] }) {
  return useQuery<{ candidates: ClaimCandidate[]; claimed: ClaimCandidate[] }, AccountCallError>({
    queryKey: keys.claims,
    queryFn: getClaims,
    initialData: initial,
    retry: false,
    meta: { overlay: false },
  });
}

/** Claims a racer record; the candidates are then read again. */
export function useClaim() {
  const client = useQueryClient();
  return useMutation<{ ok: true }, AccountCallError, { participantId: number; licence?: string }>({
    mutationFn: postClaim,
    retry: false,
    meta: { overlay: false },
    onSuccess: () => client.invalidateQueries({ queryKey: keys.claims }),
  });
}

/** Asks for a new verification link (the account page's banner, /verify-email after an expired link). */
export function useResendVerification() {
  return useMutation<{ ok: true }, AccountCallError, { locale: string; next?: string }>({ mutationFn: postVerificationEmail, retry: false, meta: { overlay: false } });
}

/** Changes the password (the other sessions end; this browser gets a new session cookie). */
export function useChangePassword() {
  return useMutation<{ ok: true }, AccountCallError, ChangePasswordInput>({ mutationFn: postChangePassword, retry: false, meta: { overlay: false } });
}

/** Asks for a change of email (a link to the new address). */
export function useChangeEmail() {
  return useMutation<{ ok: true; pendingEmail: string }, AccountCallError, ChangeEmailFields>({ mutationFn: postChangeEmail, retry: false, meta: { overlay: false } });
}

