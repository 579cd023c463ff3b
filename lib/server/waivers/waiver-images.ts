/**
 * The images of a waiver, checked before they are sealed (issue 27 "the signature drawn … a
 * selfie first when the event asks"): a data URL is decoded, then
 *
 * - the drawn signature must be a real PNG (its 8-byte signature and an `IHDR` chunk), at most
 *   `SIGNATURE_MAX_BYTES`, at least 50 × 20 pixels, and not blank: its pixels are inflated (at
 *   most 32 MiB, 8-bit images) and unfiltered, and an image whose every pixel is fully
 *   transparent, or whose pixels are all one colour, is refused (`invalid_signature_image`). An
 *   image the check cannot read cheaply (16-bit, palette, interlaced) passes on its size alone;
 * - the selfie must be a JPEG (starts `FF D8 FF`), at most `SELFIE_MAX_BYTES`
 *   (`invalid_selfie`).
 *
 * Pure: no database, no `server-only`.
 */
import { inflateSync } from 'node:zlib';
import { SELFIE_MAX_BYTES, SIGNATURE_MAX_BYTES } from '../../contracts/waivers';
import { AppError } from '../../errors';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The smallest signature pad accepted, in pixels. */
export const SIGNATURE_MIN_SIZE = { width: 50, height: 20 } as const;
const INFLATE_MAX = 32 * 1024 * 1024;

/** The bytes of a base64 data URL of one of `types` (`image/png`), or null when it is not one. */
export function decodeDataUrl(url: string, types: readonly string[]): Buffer | null {
  const match = /^data:([a-z]+\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/=\s]*)$/i.exec(url);
  if (!match || !types.includes(match[1]!.toLowerCase())) return null;
  const bytes = Buffer.from(match[2]!.replace(/\s+/g, ''), 'base64');
  return bytes.length ? bytes : null;
}

interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlace: number;
}

/** The PNG's header and its concatenated IDAT data, or null when `bytes` is no PNG. */
function readPng(bytes: Buffer): { header: PngHeader; data: Buffer } | null {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_MAGIC)) return null;
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  const header: PngHeader = { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), bitDepth: bytes[24]!, colorType: bytes[25]!, interlace: bytes[28]! };
  const parts: Buffer[] = [];
  let at = 8;
  while (at + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (at + 12 + length > bytes.length) break;
    if (type === 'IDAT') parts.push(bytes.subarray(at + 8, at + 8 + length));
    if (type === 'IEND') break;
    at += 12 + length;
  }
  return { header, data: Buffer.concat(parts) };
}

/** Bytes per pixel of an 8-bit PNG colour type (grey, RGB, grey+alpha, RGBA), or null. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };
const CLEAR = Buffer.alloc(4);

/**
 * Whether the 8-bit, non-interlaced PNG `png` is blank: every pixel the same (fully transparent
 * pixels counted alike), as a transparent or filled pad never drawn on; null when it cannot tell
 * cheaply.
 */
export function pngIsBlank(png: { header: PngHeader; data: Buffer }): boolean | null {
  const { width, height, bitDepth, colorType, interlace } = png.header;
  const bpp = CHANNELS[colorType];
  if (bitDepth !== 8 || interlace !== 0 || !bpp) return null;
  const stride = width * bpp;
  if ((stride + 1) * height > INFLATE_MAX) return null;
  let raw: Buffer;
  try {
    raw = inflateSync(png.data, { maxOutputLength: INFLATE_MAX });
  } catch {
    return null;
  }
  if (raw.length < (stride + 1) * height) return null;
  const alpha = colorType === 4 || colorType === 6;
  let prev = Buffer.alloc(stride);
  let first: Buffer | null = null;
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = Buffer.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? line[i - bpp]! : 0;
      const b = prev[i]!;
      const c = i >= bpp ? prev[i - bpp]! : 0;
      let add = 0;
      if (filter === 1) add = a;
      else if (filter === 2) add = b;
      else if (filter === 3) add = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        add = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      } else if (filter !== 0) return null;
      line[i] = (line[i]! + add) & 0xff;
    }
    for (let x = 0; x < width; x++) {
      // A fully transparent pixel counts as one colour whatever its other channels hold.
      const px = alpha && line[x * bpp + bpp - 1] === 0 ? CLEAR.subarray(0, bpp) : line.subarray(x * bpp, (x + 1) * bpp);
      if (!first) first = Buffer.from(px);
      else if (!px.equals(first)) return false;
    }
    prev = line;
  }
  return true;
}

/**
 * A drawn signature's PNG bytes from its data URL (see the module's docstring); `code` the refusal
 * (`invalid_minor_signature_image` for the minor's pad).
 * @throws AppError `code` (not a PNG, too large, too small, or blank).
 */
export function signatureBytes(url: string, code: 'invalid_signature_image' | 'invalid_minor_signature_image' = 'invalid_signature_image'): Buffer {
  const bytes = decodeDataUrl(url, ['image/png']);
  if (!bytes || bytes.length > SIGNATURE_MAX_BYTES) throw new AppError(code);
  const png = readPng(bytes);
  if (!png || png.header.width < SIGNATURE_MIN_SIZE.width || png.header.height < SIGNATURE_MIN_SIZE.height) throw new AppError(code);
  if (pngIsBlank(png) === true) throw new AppError(code);
  return bytes;
}

/**
 * The selfie's JPEG bytes from its data URL (see the module's docstring).
 * @throws AppError `invalid_selfie` (not a JPEG, or too large).
 */
export function selfieBytes(url: string): Buffer {
  const bytes = decodeDataUrl(url, ['image/jpeg', 'image/jpg']);
  if (!bytes || bytes.length > SELFIE_MAX_BYTES || bytes.length < 4) throw new AppError('invalid_selfie');
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) throw new AppError('invalid_selfie');
  return bytes;
}
