/**
 * Logging out (spec §2 /login; issue 11 "login, logout, session refresh"): the session named by
 * the request's cookie is deleted from the database and the cookie is cleared. Without a
 * session (already logged out, expired) it only clears the cookie: logging out twice is fine.
 */
import 'server-only';
import { getAuth } from './auth';

/**
 * Ends the session of `headers` (its Cookie).
 * @returns the `Set-Cookie` header values that clear the session cookie.
 */
export async function logout(headers: Headers): Promise<{ setCookies: string[] }> {
  const result = await getAuth().api.signOut({ headers, returnHeaders: true });
  return { setCookies: result.headers.getSetCookie() };
}
