/**
 * Client calls of the logged-in participant's own account (issue 11 "Profiles", "Privacy and
 * security"; spec §6 "A parent or guardian manages minors' accounts from the family section")
 * and the TanStack Query hooks the account page, the family section and the header use:
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
import { BASE_PATH, DEFAULT_LOCALE } from '@/lib/config';
import type { ChangeEmailFields, ChangePasswordInput, ClaimCandidate, MinorFields, MinorView, ProfileUpdateFields, ProfileView } from '@/lib/contracts/account';
import { AccountCallError, toAccountError } from './account-errors';
import { api } from './client';

export { AccountCallError, toAccountError };

/** API paths (relative to /ll/api/v1) of the account calls. */
export const accountPaths = {
  profile: '/users/current/profile',
  minors: '/users/current/minors',
  minor: (id: number) => `/users/current/minors/${id}`,
  claims: '/users/current/claims',
  account: '/users/current',
  logout: '/auth/logout',
  verificationEmail: '/users/current/verification-email',
  password: '/users/current/password',
  email: '/users/current/email',
  /** The JSON download of everything held about the holder (a plain link: `Content-Disposition: attachment`). */
  export: `${BASE_PATH}/api/v1/users/current/export`,
  /** The JSON download of everything held about one of the holder's minors. */
  minorExport: (id: number) => `${BASE_PATH}/api/v1/users/current/minors/${id}/export`,
} as const;


const json = { headers: { 'Content-Type': 'application/json' } } as const;

async function call<T>(run: () => Promise<{ data: T }>): Promise<T> {
  try {
    return (await run()).data;
  } catch (err) {
    throw toAccountError(err);
  }
}

// ---- calls ------------------------------------------------------------------------------

/** GET /users/current/profile → the holder's `ProfileView`. @throws AccountCallError (401 `unauthenticated`). */
export const getProfile = () => call(() => api.get<ProfileView>(accountPaths.profile));

/** PUT /users/current/profile (phone, address, emergency contact, licence) → the updated `ProfileView`. @throws AccountCallError (400 with `issues`, 401). */
export const putProfile = (fields: ProfileUpdateFields) => call(() => api.put<ProfileView>(accountPaths.profile, fields, json));

/** GET /users/current/minors → the minors the holder manages. */
export const getMinors = async () => (await call(() => api.get<{ minors: MinorView[] }>(accountPaths.minors))).minors;

/** POST /users/current/minors → 201 the new `MinorView`. @throws AccountCallError (400 with `issues`). */
export const postMinor = (fields: MinorFields) => call(() => api.post<MinorView>(accountPaths.minors, fields, json));

/** PUT /users/current/minors/{id} → the updated `MinorView`. @throws AccountCallError (400 `issues`, 404 `not_found` for a minor who is not the holder's). */
export const putMinor = (id: number, fields: MinorFields) => call(() => api.put<MinorView>(accountPaths.minor(id), fields, json));

/** DELETE /users/current/minors/{id} `{ password }` → `{ ok: true }` (closes the minor's account). @throws AccountCallError (401 `wrong_password`, 404). */
export const deleteMinor = (id: number, password: string) => call(() => api.delete<{ ok: true }>(accountPaths.minor(id), { ...json, data: { password } }));

/** DELETE /users/current `{ password }` → `{ ok: true }`: the account and its minors' closed, logged out. @throws AccountCallError (401 `wrong_password`). */
export const deleteAccount = (password: string) => call(() => api.delete<{ ok: true }>(accountPaths.account, { ...json, data: { password } }));

/** GET /users/current/claims → the racer records the holder may claim, and those already theirs. */
export const getClaims = () => call(() => api.get<{ candidates: ClaimCandidate[]; claimed: ClaimCandidate[] }>(accountPaths.claims));

/** POST /users/current/claims `{ participantId, licence? }` → 201 `{ ok: true }`. @throws AccountCallError (400 `invalid_licence` when the proof does not match). */
export const postClaim = (body: { participantId: number; licence?: string }) => call(() => api.post<{ ok: true }>(accountPaths.claims, body, json));

/** POST /auth/logout → `{ ok: true }`, the session cookie cleared. */
export const postLogout = () => call(() => api.post<{ ok: true }>(accountPaths.logout, {}, json));

/** POST /users/current/verification-email `{ locale }` → 202 `{ ok: true }`. @throws AccountCallError (409 `email_already_verified`, 429). */
export const postVerificationEmail = (locale: string) => call(() => api.post<{ ok: true }>(accountPaths.verificationEmail, { locale }, json));

/** POST /users/current/password → `{ ok: true }` and this browser's new session cookie. @throws AccountCallError (400 issues, 401 `wrong_password` on `currentPassword`, 429). */
export const postChangePassword = (input: ChangePasswordInput) => call(() => api.post<{ ok: true }>(accountPaths.password, input, json));

/** POST /users/current/email → 202 `{ ok, pendingEmail }`. @throws AccountCallError (400 `same_email`, 401 `wrong_password` on `password`, 409 `email_taken`, 429, 503). */
export const postChangeEmail = (input: ChangeEmailFields) => call(() => api.post<{ ok: true; pendingEmail: string }>(accountPaths.email, input, json));

// ---- hooks ------------------------------------------------------------------------------

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
  return useMutation<{ ok: true }, AccountCallError, string>({ mutationFn: postVerificationEmail, retry: false, meta: { overlay: false } });
}

/** Changes the password (the other sessions end; this browser gets a new session cookie). */
export function useChangePassword() {
  return useMutation<{ ok: true }, AccountCallError, ChangePasswordInput>({ mutationFn: postChangePassword, retry: false, meta: { overlay: false } });
}

/** Asks for a change of email (a link to the new address). */
export function useChangeEmail() {
  return useMutation<{ ok: true; pendingEmail: string }, AccountCallError, ChangeEmailFields>({ mutationFn: postChangeEmail, retry: false, meta: { overlay: false } });
}

/** Logs out; the caller then navigates home (a full navigation: the header is rendered on the server). */
export function useLogout() {
  return useMutation<{ ok: true }, AccountCallError, void>({ mutationFn: postLogout, retry: false });
}

/**
 * A full navigation to `path` (a path under the base path, e.g. from `homePath`), leaving no
 * page of the logged-in session in the router's memory.
 */
export function navigateTo(path: string): void {
  window.location.assign(path);
}

/** The home page of `locale` with the base path: `/ll`, `/ll/fr`, `/ll/es`. */
export function homePath(locale: string): string {
  return locale === DEFAULT_LOCALE ? BASE_PATH || '/' : `${BASE_PATH}/${locale}`;
}
