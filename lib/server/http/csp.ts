/**
 * The Content-Security-Policy of the site's pages (issue 29 "Headers on every response … a CSP
 * without `unsafe-inline` scripts (hashes for cached pages, nonces where a page is never cached;
 * Stripe's and the camera's needs listed), `frame-ancestors 'none'`"). One policy, two ways to
 * let the page's own inline scripts run (Next's streamed RSC payload, its bootstrap):
 *
 * - a nonce, made per request by proxy.ts and given to Next in the request's CSP header (Next
 *   puts it on every script it writes): every page rendered, personal ones included;
 * - the SHA-256 hashes of the inline scripts of a page the page cache stored
 *   (lib/server/cache/page-cache.ts `hashPolicy`): a stored page is served to many visitors, so
 *   the nonce it was rendered with is no secret; its scripts are allowed by content instead.
 *
 * Sources, and why:
 * - `script-src 'self'` plus the nonce or hashes, and `'wasm-unsafe-eval'`: the gate's QR decoder
 *   is WebAssembly served by the site (`/ll/scanner/…`); no `unsafe-inline`, no `unsafe-eval`;
 * - `style-src 'self' 'unsafe-inline'`: React writes `style` attributes (inline styles cannot
 *   run code);
 * - `img-src 'self' data: blob:`: QR codes and selfies as data URLs, the camera's frames;
 * - `media-src 'self' blob:`: the camera's stream (the waiver's selfie, the gate's scanner);
 * - `connect-src 'self'`: the API, the live streams (same origin);
 * - Google, only where the site uses it when configured: the contact form's reCAPTCHA (its script
 *   under `https://www.google.com/recaptcha/` and `https://www.gstatic.com/recaptcha/`, its frames)
 *   and the event page's map (a Maps Embed frame, `https://www.google.com/maps/embed/`);
 * - `form-action 'self'` and no Stripe source at all: card payment is a full-page navigation to
 *   Stripe's hosted page (no Stripe.js, no frame), which CSP does not restrict;
 * - `frame-ancestors 'none'`, `object-src 'none'`, `base-uri 'self'`, `worker-src 'self'` (the
 *   service worker), `manifest-src 'self'`.
 */
import { createHash } from 'node:crypto';

/** Scripts from elsewhere: the contact form's reCAPTCHA, when a site key is configured. */
const GOOGLE_SCRIPTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];

/** The directives besides `script-src`, in the order they are sent. */
const FIXED = [
  "default-src 'self'",
  "frame-src https://www.google.com/maps/embed/ https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

/** The policy allowing inline scripts by `nonce` (a base64 string) or by their `hashes` (`sha256-…`). */
export function contentSecurityPolicy(allow: { nonce: string } | { hashes: readonly string[] }): string {
  const inline = 'nonce' in allow ? [`'nonce-${allow.nonce}'`] : allow.hashes.map((h) => `'${h}'`);
  return [`script-src 'self' ${[...inline, "'wasm-unsafe-eval'", ...GOOGLE_SCRIPTS].join(' ')}`, ...FIXED].join('; ');
}

/** HSTS for a site served over https (issue 29): a year, subdomains included. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** A fresh nonce: 16 random bytes, base64. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
}

/** `<script …>…</script>` without `src`: group 1 its attributes, group 2 its text. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * The `sha256-…` source of every inline script of `html` (one per distinct text), as a browser
 * hashes it: the UTF-8 bytes of the script's text between its tags. Scripts with `src` and
 * data blocks (`type="application/json"`, `application/ld+json`) are not run, so not listed.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const attributes = match[1] ?? '';
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'text/javascript' && type !== 'module' && type !== 'application/javascript') continue;
    hashes.add(`sha256-${createHash('sha256').update(match[2] ?? '', 'utf8').digest('base64')}`);
  }
  return [...hashes];
}
