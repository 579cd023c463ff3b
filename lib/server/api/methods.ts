/**
 * The methods a path of the API accepts, from the app's own routes (middleware registered for
 * every method does not count): what a 405 reply lists in `Allow` (RFC 9110 §15.5.6). A path
 * no route accepts gives an empty list (a 404). HEAD comes with GET, as Hono answers it.
 */
import type { Hono } from 'hono';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

type AnyHono = Pick<Hono, 'router'>;

export function allowedMethods(app: AnyHono, path: string): string[] {
  const allowed: string[] = [];
  for (const method of METHODS) {
    const [matches] = app.router.match(method, path);
    if (matches.some(([[, route]]) => route.method !== 'ALL')) allowed.push(method);
  }
  if (allowed.includes('GET')) allowed.splice(allowed.indexOf('GET') + 1, 0, 'HEAD');
  return allowed;
}
