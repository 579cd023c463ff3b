/**
 * The gate scanner's decoder served by the site, never a CDN (issue 28 "its decoder files served by
 * the site, not a CDN"; DESIGN.md): the route answers the versioned file with the installed
 * zxing-wasm reader, byte for byte the one barcode-detector expects (its version and SHA-256), as
 * `application/wasm` kept a year; any other name answers 404. A new barcode-detector pinning
 * another zxing-wasm fails here until lib/api/gate.ts `SCANNER_WASM_VERSION` follows it.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GET } from '../../app/scanner/[file]/route';
import { SCANNER_WASM_FILE, SCANNER_WASM_URL, SCANNER_WASM_VERSION } from '../../lib/api/gate';

const call = (file: string) => GET(new Request(`http://localhost/ll/scanner/${file}`), { params: Promise.resolve({ file }) });

describe('the scanner’s decoder', () => {
  it('is the version barcode-detector pins, with the hash it expects', async () => {
    const pinned = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'node_modules/barcode-detector/package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(pinned.dependencies['zxing-wasm']).toBe(SCANNER_WASM_VERSION);
    const shared = fs.readFileSync(path.join(process.cwd(), 'node_modules/barcode-detector/dist/es/zxing-exported.js'), 'utf8');
    const expected = /"([0-9a-f]{64})"/.exec(shared.slice(shared.indexOf(`"${SCANNER_WASM_VERSION}"`)))?.[1];
    const res = await call(SCANNER_WASM_FILE);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/wasm');
    expect(res.headers.get('cache-control')).toContain('immutable');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0, 0x61, 0x73, 0x6d]));
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(expected);
    expect(SCANNER_WASM_URL).toBe(`/ll/scanner/${SCANNER_WASM_FILE}`);
  });

  it('answers 404 for any other name', async () => {
    for (const file of ['zxing_reader.wasm', 'zxing_reader-0.0.1.wasm', '..%2Fpackage.json', 'zxing_full.wasm']) expect((await call(file)).status).toBe(404);
  });
});
