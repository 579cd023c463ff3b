/** The waiver's images before they are sealed (issue 27): a real, non-blank PNG signature of bounded size; a JPEG selfie. */
import { describe, expect, it } from 'vitest';
import { SELFIE_MAX_BYTES } from '../../contracts/waivers';
import { dataUrl, signaturePng, testJpeg, testPng } from './test-png';
import { selfieBytes, signatureBytes } from './waiver-images';

const code = (f: () => unknown) => {
  try {
    f();
    return 'ok';
  } catch (err) {
    return (err as { code?: string }).code ?? String(err);
  }
};

describe('signatureBytes', () => {
  it('takes a drawn signature and answers its bytes', () => {
    const png = signaturePng();
    expect(signatureBytes(dataUrl('image/png', png)).equals(png)).toBe(true);
  });

  it('refuses a blank pad (fully transparent, or all one colour), whatever the row filters', () => {
    expect(code(() => signatureBytes(dataUrl('image/png', testPng(300, 100, () => null))))).toBe('invalid_signature_image');
    expect(code(() => signatureBytes(dataUrl('image/png', testPng(300, 100, () => null, 2))))).toBe('invalid_signature_image');
    expect(code(() => signatureBytes(dataUrl('image/png', testPng(300, 100, () => [255, 255, 255, 255], 1))))).toBe('invalid_signature_image');
    // One dot is not blank.
    expect(code(() => signatureBytes(dataUrl('image/png', testPng(300, 100, (x, y) => (x === 150 && y === 50 ? [0, 0, 0, 255] : null), 2))))).toBe('ok');
  });

  it('refuses what is not a PNG, a pad too small, and one over 200 KB', () => {
    expect(code(() => signatureBytes(dataUrl('image/png', testJpeg())))).toBe('invalid_signature_image');
    expect(code(() => signatureBytes(dataUrl('image/jpeg', signaturePng())))).toBe('invalid_signature_image');
    expect(code(() => signatureBytes('data:image/png;base64,'))).toBe('invalid_signature_image');
    expect(code(() => signatureBytes(dataUrl('image/png', testPng(40, 10, () => [0, 0, 0, 255]))))).toBe('invalid_signature_image');
    const big = Buffer.concat([signaturePng(), Buffer.alloc(201 * 1024)]);
    expect(code(() => signatureBytes(dataUrl('image/png', big)))).toBe('invalid_signature_image');
  });
});

describe('selfieBytes', () => {
  it('takes a JPEG and refuses a PNG or one over 1 MB', () => {
    expect(selfieBytes(dataUrl('image/jpeg', testJpeg()))[0]).toBe(0xff);
    expect(code(() => selfieBytes(dataUrl('image/jpeg', signaturePng())))).toBe('invalid_selfie');
    expect(code(() => selfieBytes(dataUrl('image/png', testJpeg())))).toBe('invalid_selfie');
    expect(code(() => selfieBytes(dataUrl('image/jpeg', Buffer.concat([testJpeg(), Buffer.alloc(SELFIE_MAX_BYTES)]))))).toBe('invalid_selfie');
  });
});
