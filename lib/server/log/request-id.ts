/**
 * The request id (issue 29 structured logs): the id of one request in every log line about it
 * and in the `X-Request-Id` reply header, so a visitor's "it failed" can be found in the log.
 * A proxy we trust (TRUSTED_PROXY_HOPS > 0: nginx's `$request_id`) may send its own, which is
 * kept when it looks like one (1–64 letters, digits, `-`, `_`, `.`); else a new UUID.
 *
 * No `server-only` marker: the site's server loads it under plain Node.
 */
import { randomUUID } from 'node:crypto';

const WELL_FORMED = /^[A-Za-z0-9._-]{1,64}$/;

/** The id for a request whose `X-Request-Id` header is `sent`, behind `trustedHops` proxies. */
export function requestId(sent: string | string[] | undefined, trustedHops: number): string {
  const value = Array.isArray(sent) ? sent[0] : sent;
  return trustedHops > 0 && value && WELL_FORMED.test(value) ? value : randomUUID();
}
