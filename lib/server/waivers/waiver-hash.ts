/**
 * The hashes of a waiver (issue 27 "the text version and its SHA-256, the signature and selfie
 * images with their hashes"): a text's version is the SHA-256 (lower-case hex) of its title, a
 * blank line and its body exactly as shown (`title + '\n\n' + body`, UTF-8); an image's hash is
 * the SHA-256 of its bytes. Pure: no database, no `server-only`, so unit tests and the job worker
 * load it as is.
 */
import { createHash } from 'node:crypto';

/** SHA-256 of `data` (text as UTF-8) in lower-case hex (64 characters). */
export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** The version of the waiver text `title` / `body` as shown: SHA-256 (hex) of `title + '\n\n' + body`. */
export function waiverVersion(title: string, body: string): string {
  return sha256Hex(`${title}\n\n${body}`);
}
