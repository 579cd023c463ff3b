/**
 * Test images for the waiver tests (issue 27): an 8-bit RGBA PNG of `width` × `height` whose pixels
 * `paint(x, y)` colours (null: fully transparent), each row with filter `filter` (0 none, 1 sub,
 * 2 up, 4 Paeth), and a 1 × 1 JPEG. Not used by the product.
 */
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG (see the module's docstring). */
export function testPng(width: number, height: number, paint: (x: number, y: number) => [number, number, number, number] | null, filter: 0 | 1 | 2 = 0): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const stride = width * 4;
  const raw = Buffer.alloc((stride + 1) * height);
  let prev = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const line = Buffer.alloc(stride);
    for (let x = 0; x < width; x++) line.set(paint(x, y) ?? [0, 0, 0, 0], x * 4);
    raw[y * (stride + 1)] = filter;
    for (let i = 0; i < stride; i++) {
      const pred = filter === 1 ? (i >= 4 ? line[i - 4]! : 0) : filter === 2 ? prev[i]! : 0;
      raw[y * (stride + 1) + 1 + i] = (line[i]! - pred) & 0xff;
    }
    prev = line;
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** A stroke across the middle of a 300 × 100 pad: a signature. */
export const signaturePng = () => testPng(300, 100, (x, y) => (Math.abs(y - 50 - Math.round(20 * Math.sin(x / 20))) < 2 ? [0, 0, 0, 255] : null), 1);

/** `bytes` as a data URL of `type`. */
export const dataUrl = (type: string, bytes: Uint8Array) => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

/** A 1 × 1 grey JPEG (baseline, one component): passes the magic check and pdf-lib embeds it. */
export const testJpeg = () =>
  Buffer.from('/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=', 'base64');
