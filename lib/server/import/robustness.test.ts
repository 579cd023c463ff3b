import { describe, expect, it } from 'vitest';
import { parseResultsFile } from './parse';
import { ImportError } from './types';
import { expectRefused, readReal } from '../timing/test-helpers';

const FILES = [
  'rmonitor/orbits-mock-session.txt',
  'enduro/2026-ecea-pine-hill-team-enduro.csv',
  'supercross/2017-las-vegas-450sx-main-live-timing.json',
];

/** Small deterministic PRNG so failures are reproducible. */
function prng(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Every number in the imported event is finite (no NaN from a garbled value). */
function allFinite(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (value && typeof value === 'object') return Object.values(value).every(allFinite);
  return true;
}

describe('damaged files are refused with an ImportError, never a crash or a NaN', () => {
  it.each(FILES)('%s: 400 random cuts and character edits', (file) => {
    const text = readReal(file);
    const random = prng(file.length);
    const noise = 'a1,"\n:.- x\r{}[]$';
    for (let i = 0; i < 400; i++) {
      const pos = Math.floor(random() * text.length);
      const char = noise[Math.floor(random() * noise.length)];
      const kind = Math.floor(random() * 4);
      const damaged =
        kind === 0
          ? text.slice(0, pos)
          : kind === 1
            ? text.slice(0, pos) + char + text.slice(pos + 1)
            : kind === 2
              ? text.slice(0, pos) + text.slice(pos + 1)
              : text.slice(0, pos) + char + text.slice(pos);
      try {
        expect(allFinite(parseResultsFile(file, damaged))).toBe(true);
      } catch (err) {
        if (!(err instanceof ImportError)) throw err;
        expect(err.line).toBeGreaterThanOrEqual(1);
        expect(err.line).toBeLessThanOrEqual(damaged.split('\n').length);
        expect(err.field).not.toBe('');
      }
    }
  });

  it('an enduro report cut before its header is refused where it stops', () => {
    const csv = readReal(FILES[1]);
    const twoLines = csv.slice(0, csv.indexOf('Team Enduro Results'));
    expectRefused(() => parseResultsFile('round4.csv', twoLines), 2, 'header');
  });
});
