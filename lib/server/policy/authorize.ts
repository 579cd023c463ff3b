/**
 * The page helper (issue 22): a server component asks `await authorize(action, resource)`
 * before it renders. Allowed → the principal (null for an anonymous visitor of a public
 * page); not logged in where a login is needed → the login page (in the page's language) with
 * `?next=` the page; email not verified → the account page (which asks to verify it);
 * refused → `notFound()`, so a page a visitor may not see answers like an unknown one.
 */
import 'server-only';
import { notFound } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { cache } from 'react';
import type { Locale } from '../../config';
import { redirect } from '../../i18n/navigation';
import { currentUser } from '../accounts/current-user';
import type { Action } from './actions';
import { decide } from './can';
import { loadPrincipal } from './load-principal';
import type { ResourceOf } from './resources';
import type { Viewer } from './roles';

/** The principal of the current request's session (once per render), or null. */
export const currentPrincipal = cache(async (): Promise<Viewer> => loadPrincipal((await currentUser())?.id));

/**
 * Allows the render to go on, or leaves the page (see the module's docstring).
 * @param next the page's path without language prefix, for the login's `?next=` (default: none)
 */
export async function authorize<A extends Action>(action: A, resource: ResourceOf<A>, next?: string): Promise<Viewer> {
  const viewer = await currentPrincipal();
  const decision = decide(viewer, action, resource);
  if (decision === 'allowed') return viewer;
  if (decision === 'denied') notFound();
  const locale = (await getLocale()) as Locale;
  if (decision === 'login') return redirect({ href: next ? { pathname: '/login', query: { next } } : '/login', locale });
  return redirect({ href: '/account', locale });
}
