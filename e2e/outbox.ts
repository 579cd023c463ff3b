/**
 * The e2e product's outbox and what the specs read in its mails. The product writes every mail
 * as an .eml file into `.data/e2e/outbox` (E2E_OUTBOX_DIR of e2e/db.ts, the product's OUTBOX_DIR in
 * playwright.config.ts), relative to the repository root Playwright runs from; the environment
 * variable `E2E_OUTBOX_DIR` points the specs elsewhere.
 */
import fs from 'node:fs';
import path from 'node:path';
import { E2E_OUTBOX_DIR } from './db';

export const OUTBOX_DIR = path.resolve(process.env.E2E_OUTBOX_DIR ?? E2E_OUTBOX_DIR);

/** The names of the .eml files in the outbox now (none before the first mail is written). */
export const emlFiles = (): string[] => (fs.existsSync(OUTBOX_DIR) ? fs.readdirSync(OUTBOX_DIR).filter((f) => f.endsWith('.eml')) : []);

/** The raw text of every mail in the outbox, leaving out the files named in `except`. */
export const outboxMails = (except: ReadonlySet<string> = new Set()): string[] =>
  emlFiles()
    .filter((f) => !except.has(f))
    .map((f) => fs.readFileSync(path.join(OUTBOX_DIR, f), 'utf8'));

/** The header block of a raw mail, its folded lines unfolded. */
export const mailHead = (raw: string): string => raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');

/** Undoes quoted-printable soft breaks and escapes (UTF-8). */
export const decodeQuotedPrintable = (text: string): string =>
  Buffer.from(text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');

/** MIME encoded words of a header, decoded. */
export const decodeWords = (text: string): string =>
  text
    .replace(/\?=\s*=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
