/**
 * The account calls themselves, without TanStack Query (issue 23: the header's logout imports
 * these, so pages that never fetch from the browser do not carry the query library); the hooks
 * built on them are in ./account.ts, which re-exports all of this. See ./account.ts for the calls.
 */
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

/**
 * POST /users/current/verification-email `{ locale, next? }` → 202 `{ ok: true }` (`next`: the site
 * path the link's page then leads to). @throws AccountCallError (409 `email_already_verified`, 429).
 */
export const postVerificationEmail = ({ locale, next }: { locale: string; next?: string }) =>
  call(() => api.post<{ ok: true }>(accountPaths.verificationEmail, next ? { locale, next } : { locale }, json));

/** POST /users/current/password → `{ ok: true }` and this browser's new session cookie. @throws AccountCallError (400 issues, 401 `wrong_password` on `currentPassword`, 429). */
export const postChangePassword = (input: ChangePasswordInput) => call(() => api.post<{ ok: true }>(accountPaths.password, input, json));

/** POST /users/current/email → 202 `{ ok, pendingEmail }`. @throws AccountCallError (400 `same_email`, 401 `wrong_password` on `password`, 409 `email_taken`, 429, 503). */
export const postChangeEmail = (input: ChangeEmailFields) => call(() => api.post<{ ok: true; pendingEmail: string }>(accountPaths.email, input, json));

// ---- navigation -------------------------------------------------------------------------

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
