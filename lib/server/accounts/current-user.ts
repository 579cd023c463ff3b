/**
 * Who is logged in (spec §6 Roles): the session cookie of a request → the account and its
 * participant profile, or null. Used by the API's `sessionUser` middleware
 * (lib/server/api/session.ts) and by server components (`currentUser()` with Next's headers).
 *
 * A valid session whose refresh is due gets a new cookie: `getSessionUser` returns the
 * `Set-Cookie` headers the caller should forward (the API does; a server component cannot set
 * cookies, so its reads never refresh).
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import { cache } from 'react';
import { ACCOUNT_TYPES, type AccountType, type SessionUser } from '../../contracts/account';
import { getDb } from '../db';
import { participantProfiles } from '../db/schema';
import { getAuth } from './auth';

/** The request's cookie names that can hold a session (plain and `__Secure-`). */
const SESSION_COOKIE_RE = /(?:^|;\s*)(?:__Secure-)?ll\.session_token=/;

/** True when the Cookie header carries a session cookie at all (skip the lookup otherwise). */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return !!cookieHeader && SESSION_COOKIE_RE.test(cookieHeader);
}

/**
 * The logged-in user of `headers` (its Cookie), with the `Set-Cookie` headers of a refreshed
 * session; `user: null` without a valid session.
 */
export async function getSessionUser(headers: Headers): Promise<{ user: SessionUser | null; setCookies: string[] }> {
  if (!hasSessionCookie(headers.get('cookie'))) return { user: null, setCookies: [] };
  const result = await getAuth().api.getSession({ headers, returnHeaders: true });
  const setCookies = result.headers?.getSetCookie?.() ?? [];
  const session = result.response;
  if (!session) return { user: null, setCookies };
  const [profile] = await getDb()
    .select({ id: participantProfiles.id, participantId: participantProfiles.participantId, firstName: participantProfiles.firstName })
    .from(participantProfiles)
    .where(eq(participantProfiles.userId, session.user.id))
    .limit(1);
  const role = (ACCOUNT_TYPES as readonly string[]).includes(String((session.user as { role?: unknown }).role))
    ? ((session.user as { role: AccountType }).role)
    : 'participant';
  return {
    user: {
      id: session.user.id,
      email: session.user.email,
      name: session.user.name,
      role,
      firstName: profile?.firstName ?? null,
      profileId: profile?.id ?? null,
      participantId: profile?.participantId ?? null,
    },
    setCookies,
  };
}

/**
 * The logged-in user of the current server-component request, or null (never refreshes the
 * cookie). Looked up once per render (React `cache`): the header, the page and its sections share it.
 */
export const currentUser = cache(async (): Promise<SessionUser | null> => {
  const { headers } = await import('next/headers');
  const h = await headers();
  return (await getSessionUser(new Headers(h))).user;
});
