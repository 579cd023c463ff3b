/**
 * The origin visitors reach the site at, for addresses written into what leaves the site
 * (iCalendar URLs and UIDs, `webcal:` links): `SITE_URL` when set; else the request's `Host`
 * (behind `TRUSTED_PROXY_HOPS` proxies, the `X-Forwarded-Host` / `X-Forwarded-Proto` they
 * set), when it is a plain `host[:port]`; else `siteOrigin()` (http://localhost:PORT).
 */
import 'server-only';
import { serverEnv, siteOrigin } from '../config/env';

const HOST = /^[a-z0-9.-]+(:\d{1,5})?$/i;

/** `header(name)` reads one request header (Next's `headers().get`, Hono's `c.req.header`). */
export function publicOrigin(header: (name: string) => string | null | undefined): string {
  const env = serverEnv();
  if (env.SITE_URL) return siteOrigin(env);
  const proxied = env.TRUSTED_PROXY_HOPS > 0;
  const first = (value: string | null | undefined) => (value ?? '').split(',')[0]!.trim();
  const host = first((proxied ? header('x-forwarded-host') : null) ?? header('host'));
  const proto = proxied && first(header('x-forwarded-proto')) === 'https' ? 'https' : 'http';
  return HOST.test(host) ? `${proto}://${host}` : siteOrigin(env);
}
