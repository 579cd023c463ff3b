/**
 * The live feed of an event on the promoter's desk (issue 24 "Live feed: host and port per event,
 * start, stop, status (last passing, connected)"; spec §1 promoters manage events, visitors follow
 * live laps): the address of the track's timing system (the RMonitor server Orbits and most
 * transponder timing software run on a TCP port) and the feed's status. One schema shared by the
 * desk's panel, the API (PUT /ll/api/v1/desk/events/{id}/live) and the domain
 * (lib/server/desk/live-feed). Imports nothing from the server.
 *
 * Issue codes: `null_host` (absent or blank), `invalid_host` (not a hostname, an IPv4 or an IPv6
 * literal, or longer than 253 characters), `invalid_port` (absent, or not a whole number from 1
 * to 65535).
 */
import { z } from 'zod';
import { firstIssuePerField, type CheckFailure, type FieldIssue } from './field-issues';

/** Longest host accepted: a DNS name's limit. */
export const HOST_MAX = 253;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
/** A DNS label (RFC 1123): letters, digits and inner hyphens, 1 to 63 characters. */
const LABEL = /^[a-z\d]([a-z\d-]{0,61}[a-z\d])?$/i;
const ipv6 = z.ipv6();

/** True for an IPv4 literal in dotted decimal (`192.168.1.20`). */
export function isIpv4(host: string): boolean {
  return IPV4.test(host);
}

/** True for an IPv6 literal (`::1`, `fe80::1`), without brackets. */
export function isIpv6(host: string): boolean {
  return host.includes(':') && ipv6.safeParse(host).success;
}

/**
 * True for a host name (`timing.local`, `orbits-pc`, `localhost`): dot-separated DNS labels, an
 * optional final dot; a name whose last label is all digits must be an IPv4 literal (`999.1.1.1`
 * is refused).
 */
export function isHostname(host: string): boolean {
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  if (!name || name.length > HOST_MAX) return false;
  const labels = name.split('.');
  if (!labels.every((label) => LABEL.test(label))) return false;
  return !/^\d+$/.test(labels.at(-1)!) || isIpv4(name);
}

/** True when `host` is a host the feed may dial: a host name, an IPv4 or an IPv6 literal, at most `HOST_MAX` characters. */
export function isFeedHost(host: string): boolean {
  return host.length <= HOST_MAX && (isIpv4(host) || isIpv6(host) || isHostname(host));
}

/** `[…]`: an IPv6 literal as URLs write it. */
const bracketed = (host: string) => host.startsWith('[') && host.endsWith(']');

/** The timing system's address as the desk saves it; an IPv6 literal may come in brackets (`[::1]`), which are dropped (nothing else may). */
export const deskLiveInput = z.object({
  host: z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'null_host' : 'invalid_host') })
    .trim()
    .min(1, { error: 'null_host', abort: true })
    .refine((host) => (bracketed(host) ? isIpv6(host.slice(1, -1)) : isFeedHost(host)), 'invalid_host')
    .transform((host) => (bracketed(host) ? host.slice(1, -1) : host)),
  port: z.number({ error: 'invalid_port' }).int({ error: 'invalid_port' }).min(1, 'invalid_port').max(65_535, 'invalid_port'),
});
export type DeskLiveInput = z.infer<typeof deskLiveInput>;

/** The issues of a refused address: one per field, its code (`invalid_<field>` when zod's message is not one of ours). */
export function deskLiveIssues(error: CheckFailure): FieldIssue[] {
  return firstIssuePerField(error, (message, path) => (/^(null|invalid)_(host|port)$/.test(message) ? message : `invalid_${String(path.at(-1) ?? 'request')}`));
}

/**
 * What the feed of an event is doing: `stopped` (none runs), `connecting` (dialling the timing
 * system, not connected yet since it started), `connected`, `reconnecting` (a connection it had
 * dropped; dialling again), `busy` (another process — `npm run live`, another site instance —
 * holds the event: one feed per event), `error` (it could not start; see `error`).
 */
export const LIVE_FEED_STATES = ['stopped', 'connecting', 'connected', 'reconnecting', 'busy', 'error'] as const;
export type LiveFeedState = (typeof LIVE_FEED_STATES)[number];

/** The feed's status (GET /ll/api/v1/desk/events/{id}/live). */
export interface DeskLiveStatus {
  state: LiveFeedState;
  /** The address the feed runs on, else the saved one; null when none is saved. */
  host: string | null;
  port: number | null;
  /** The newest passing written into the event's live races (ISO 8601), whichever process wrote it; null when none. */
  lastPassingAt: string | null;
  /** When the current connection came up (ISO 8601); null when not connected. */
  connectedSince: string | null;
  /** What went wrong last, as the system said it (the connection's error, another feed holding the event); null when nothing. */
  error: string | null;
}
