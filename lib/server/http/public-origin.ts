/**
 * The origin visitors reach the site at, for addresses written into what leaves the site
 * (iCalendar URLs and UIDs, `webcal:` links): `SITE_URL` when set; else the request's `Host`
 * (behind `TRUSTED_PROXY_HOPS` proxies, the `X-Forwarded-Host` / `X-Forwarded-Proto` they
 * set), when it is a plain `host[:port]`; else `siteOrigin()` (http://localhost:PORT).
 */
import 'server-only';
import { serverEnv, siteOrigin } from '../config/env';

const HOST = /^[a-z0-9.-]+(:\d{1,5})?$/i;

/** Reads one request header (Next's `headers().get`, Hono's `c.req.header`). */
export type HeaderReader = (name: string) => string | null | undefined;

/**
 * The host and scheme a request was sent to, as given: its `Host` over plain http, or behind
 * `TRUSTED_PROXY_HOPS` proxies the first `X-Forwarded-Host` (its `Host` when that is empty) and
 * `X-Forwarded-Proto` they set ('' for a missing host). Unchecked: each caller decides what a
 * usable host is (a page's links: `host[:port]` only; the cross-site check: any URL host).
 */
export function requestHostAndProto(header: HeaderReader): { host: string; proto: 'http' | 'https' } {
  const proxied = serverEnv().TRUSTED_PROXY_HOPS > 0;
  const first = (value: string | null | undefined) => (value ?? '').split(',')[0]!.trim();
  const host = (proxied ? first(header('x-forwarded-host')) : '') || first(header('host'));
  return { host, proto: proxied && first(header('x-forwarded-proto')) === 'https' ? 'https' : 'http' };
}

export function publicOrigin(header: HeaderReader): string {
  const env = serverEnv();
  if (env.SITE_URL) return siteOrigin(env);
  const { host, proto } = requestHostAndProto(header);
  return HOST.test(host) ? `${proto}://${host}` : siteOrigin(env);
}
