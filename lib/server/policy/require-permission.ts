/**
 * The Hono middleware (issue 22; DESIGN.md "Permissions are one module, used as Hono
 * middleware"): `requirePermission(action, resourceFrom)` in a route's `middleware` list,
 * after the sub-app's `sessionUser`.
 *
 * Replies: not logged in where a login is needed → 401 `unauthenticated`; email not verified
 * for paying, registering or signing → 403 `email_not_verified`; refused → 404 `not_found`
 * (another holder's or another promoter's record answers like an unknown one). Allowed → the
 * principal in `c.var.principal`.
 */
import 'server-only';
import type { Context, MiddlewareHandler } from 'hono';
import type { SessionUser } from '../../contracts/account';
import { AppError } from '../../errors';
import { getSessionUser } from '../accounts/current-user';
import { ANONYMOUS_ACTIONS, type Action } from './actions';
import { decide } from './can';
import { loadPrincipal } from './load-principal';
import type { ResourceOf } from './resources';
import type { Viewer } from './roles';

export type PolicyVariables = { user: SessionUser | null; principal: Viewer };
type PolicyContext = Context<{ Variables: PolicyVariables }>;

/** Reads the resource from the request (its params, its record); may throw `AppError('not_found')`. */
export type ResourceFrom<A extends Action> = (c: PolicyContext, viewer: Viewer) => ResourceOf<A> | Promise<ResourceOf<A>>;

/** The principal of the request (from `c.var.user` when `sessionUser` ran, else from the cookie). */
export async function requestPrincipal(c: PolicyContext): Promise<Viewer> {
  let user = c.get('user');
  if (user === undefined) user = (await getSessionUser(c.req.raw.headers)).user;
  return loadPrincipal(user?.id);
}

/** Throws the reply of a refusal (see the module's docstring). */
export function assertAllowed<A extends Action>(viewer: Viewer, action: A, resource: ResourceOf<A>): void {
  switch (decide(viewer, action, resource)) {
    case 'allowed':
      return;
    case 'login':
      throw new AppError('unauthenticated');
    case 'unverified':
      throw new AppError('email_not_verified');
    case 'denied':
      throw new AppError('not_found');
  }
}

/** Middleware allowing the route only when the request's principal may do `action` on the resource `resourceFrom` reads. */
export function requirePermission<A extends Action>(action: A, resourceFrom: ResourceFrom<A>): MiddlewareHandler<{ Variables: PolicyVariables }> {
  return async (c, next) => {
    const viewer = await requestPrincipal(c);
    // Not logged in for a login-only action: refuse before reading the resource.
    if (viewer === null && !ANONYMOUS_ACTIONS.has(action)) throw new AppError('unauthenticated');
    assertAllowed(viewer, action, await resourceFrom(c, viewer));
    c.set('principal', viewer);
    await next();
  };
}
