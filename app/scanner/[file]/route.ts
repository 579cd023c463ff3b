/**
 * GET /ll/scanner/zxing_reader-{version}.wasm: the QR decoder the desk's gate scanner loads
 * (issue 28 "the phone's camera reads the QR code (a kept scanner library, its decoder files
 * served by the site, not a CDN)"; DESIGN.md "serve its decoder `.wasm` from the site"): zxing-wasm's
 * reader, streamed from node_modules, under a name carrying the version barcode-detector pins
 * (lib/api/gate.ts `SCANNER_WASM_FILE`, checked against the installed package by its unit test),
 * so it is kept a year and a new version is a new address. Any other name, or a missing file: 404.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { SCANNER_WASM_FILE } from '@/lib/api/gate';

/** The installed decoder (the working directory is the project's root under `npm start` and the tests). */
const SCANNER_WASM_SOURCE = path.join(process.cwd(), 'node_modules', 'zxing-wasm', 'dist', 'reader', 'zxing_reader.wasm');

export async function GET(_req: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  if (file !== SCANNER_WASM_FILE) return new Response('Not found', { status: 404 });
  let size: number;
  try {
    size = (await fs.promises.stat(SCANNER_WASM_SOURCE)).size;
  } catch {
    return new Response('Not found', { status: 404 });
  }
  const body = Readable.toWeb(fs.createReadStream(SCANNER_WASM_SOURCE)) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      'content-type': 'application/wasm',
      'content-length': String(size),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    },
  });
}
