/**
 * Client calls of login, logout, session and password reset (/ll/api/v1/auth; spec §2 /login,
 * /forgotPassword, /resetPassword; §8 Login and reset) and their TanStack Query hooks. Failures
 * become `AuthCallError`: the API's code (`invalid_credentials`, `too_many_attempts`,
 * `expired_token`, a field code …), the field `issues` of a 400, and `retryAfterS` of a 429;
 * `network_error` when no reply came.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Locale } from '@/lib/config';
import type { LoginInput, ResetTokenState, SessionUser } from '@/lib/contracts/account';
import { AccountCallError, toAccountError } from './account-errors';
import { api } from './client';
import { CACHE_NAMES } from '@/components/pwa/sw-rules';
import { clearDeviceCopies } from './sign-on';

/** Auth calls fail with the account calls' one error. */
export { AccountCallError as AuthCallError, toAccountError as toAuthError };


const JSON_HEADERS = { 'Content-Type': 'application/json' };

async function post<T>(path: string, body: unknown): Promise<T> {
  try {
    const { data } = await api.post<T>(path, body, { headers: JSON_HEADERS });
    return data;
  } catch (err) {
    throw toAccountError(err);
  }
}

/** The forms' buttons show their own progress: no page-wide loading overlay (components/layout/Overlay.tsx). */
const NO_OVERLAY = { overlay: false } as const;

/** The query key of the logged-in user. */
export const SESSION_KEY = ['auth', 'session'] as const;

/**
 * POST /auth/login: 200 `{ user }` and the session cookie.
 * @throws AuthCallError 400 (issues), 401 `invalid_credentials`, 429 `too_many_attempts` (retryAfterS).
 */
export function postLogin(input: LoginInput): Promise<{ user: SessionUser }> {
  return post('/auth/login', input);
}

/** POST /auth/logout: the session ended and its cookie cleared. */
export function postLogout(): Promise<{ ok: true }> {
  return post('/auth/logout', {});
}

/** GET /auth/session: the logged-in user or null. */
export async function getSession(): Promise<SessionUser | null> {
  try {
    const { data } = await api.get<{ user: SessionUser | null }>('/auth/session');
    return data.user;
  } catch (err) {
    throw toAccountError(err);
  }
}

/** POST /auth/forgot-password: always 202 `{ ok: true }` for a well-formed email. */
export function postForgotPassword(input: { email: string; locale: Locale }): Promise<{ ok: true }> {
  return post('/auth/forgot-password', input);
}

/**
 * GET /auth/reset-password/{token}: 'valid', or the token's error state (never throws for
 * those: the state is the answer).
 * @throws AuthCallError on anything else (no reply, 503).
 */
export async function getResetTokenState(token: string): Promise<ResetTokenState> {
  try {
    const { data } = await api.get<{ state: ResetTokenState }>(`/auth/reset-password/${encodeURIComponent(token)}`);
    return data.state;
  } catch (err) {
    const e = toAccountError(err);
    if (e.apiCode === 'invalid_token' || e.apiCode === 'undecodable_token' || e.apiCode === 'expired_token' || e.apiCode === 'used_token') return e.apiCode;
    throw e;
  }
}

/**
 * POST /auth/reset-password: 200 `{ ok: true }` (every session of the account ended).
 * @throws AuthCallError 400 (issues; `invalid_new_password` on `password`), the token errors (400/410).
 */
export function postResetPassword(input: { token: string; password: string; passwordConfirmation: string }): Promise<{ ok: true }> {
  return post('/auth/reset-password', input);
}

/** The logged-in user (null when logged out). */
export function useSession(initial?: SessionUser | null) {
  return useQuery<SessionUser | null, AccountCallError>({
    queryKey: SESSION_KEY,
    queryFn: getSession,
    ...(initial !== undefined ? { initialData: initial } : {}),
    staleTime: 60_000,
  });
}

/** Login (no retry: a failed attempt counts against the limit). Stores the user in the session query. */
export function useLogin() {
  const client = useQueryClient();
  return useMutation<{ user: SessionUser }, AccountCallError, LoginInput>({
    mutationFn: postLogin,
    retry: false,
    meta: NO_OVERLAY,
    onSuccess: (data) => client.setQueryData(SESSION_KEY, data.user),
  });
}

/** Logout; the session query becomes null. */
export function useLogout() {
  const client = useQueryClient();
  return useMutation<{ ok: true }, AccountCallError, void>({
    mutationFn: () => postLogout(),
    retry: false,
    meta: NO_OVERLAY,
    onSuccess: () => {
      client.setQueryData(SESSION_KEY, null);
      forgetSignOn();
    },
  });
}

/** Logging out forgets the sign-on lists kept on this device (riders' names): the board's copies and the worker's saved page (issue 27). */
function forgetSignOn() {
  clearDeviceCopies();
  if (typeof caches !== 'undefined') void caches.delete(CACHE_NAMES.desk).catch(() => undefined);
}

/** The forgot-password request. */
export function useForgotPassword() {
  return useMutation<{ ok: true }, AccountCallError, { email: string; locale: Locale }>({ mutationFn: postForgotPassword, retry: false, meta: NO_OVERLAY });
}

/** The state of a reset link's token. */
export function useResetTokenState(token: string | null) {
  return useQuery<ResetTokenState, AccountCallError>({
    queryKey: ['auth', 'reset-token', token],
    queryFn: () => (token ? getResetTokenState(token) : Promise.resolve('invalid_token' as const)),
    staleTime: 0,
  });
}

/** Setting the new password with a reset link. */
export function useResetPassword() {
  return useMutation<{ ok: true }, AccountCallError, { token: string; password: string; passwordConfirmation: string }>({ mutationFn: postResetPassword, retry: false, meta: NO_OVERLAY });
}
