/** A waiver text's version and the images' hashes (issue 27 "the text version and its SHA-256"). */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex, waiverVersion } from './waiver-hash';

describe('waiverVersion', () => {
  it('is the SHA-256 of the title, a blank line and the body, exactly as shown', () => {
    expect(waiverVersion('Waiver', 'Body')).toBe(createHash('sha256').update('Waiver\n\nBody', 'utf8').digest('hex'));
    expect(waiverVersion('Renonciation', 'Texte é')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes with any character of the text, and tells title from body', () => {
    const base = waiverVersion('Waiver', 'I accept the risks.');
    expect(waiverVersion('Waiver', 'I accept the risks')).not.toBe(base);
    expect(waiverVersion('Waiver ', 'I accept the risks.')).not.toBe(base);
    expect(waiverVersion('A\n\nB', 'C')).toBe(waiverVersion('A', 'B\n\nC'));
  });

  it('hashes image bytes', () => {
    expect(sha256Hex(new Uint8Array([]))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});
