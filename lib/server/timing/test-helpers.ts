/** Shared helpers for the timing importers' unit tests: the real input files, the fixtures and ImportError assertions. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { ImportError } from '../import/types';

/** The real input files, copied byte for byte from shared/data/real into data/real (never modified). */
export const REAL_DIR = fileURLToPath(new URL('../../../data/real/', import.meta.url));

/** Reads a real input file as UTF-8 text (BOM kept). */
export function readReal(relPath: string): string {
  return readFileSync(REAL_DIR + relPath, 'utf8');
}

/** 1-based number of the first line of `text` containing `needle`. */
export function lineOf(text: string, needle: string, from = 0): number {
  const index = text.indexOf(needle, from);
  if (index < 0) throw new Error(`fixture does not contain ${JSON.stringify(needle)}`);
  return text.slice(0, index).split('\n').length;
}

/** Replaces the first occurrence of `needle` (which must exist) in `text`. */
export function replaceOnce(text: string, needle: string, replacement: string, from = 0): string {
  const index = text.indexOf(needle, from);
  if (index < 0) throw new Error(`fixture does not contain ${JSON.stringify(needle)}`);
  return text.slice(0, index) + replacement + text.slice(index + needle.length);
}

/** Runs `fn`, expects it to throw an ImportError, and returns that error. */
export function importError(fn: () => unknown): ImportError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ImportError);
    return err as ImportError;
  }
  throw new Error('expected an ImportError, nothing was thrown');
}

/** Asserts that `fn` is refused with an ImportError at `line` naming `field`. */
export function expectRefused(fn: () => unknown, line: number, field: string): ImportError {
  const err = importError(fn);
  expect({ line: err.line, field: err.field }).toEqual({ line, field });
  expect(err.detail).not.toBe('');
  expect(err.message).toContain(`line ${line}`);
  return err;
}

/** The test fixtures of data/fixtures (see its README.md). */
export const FIXTURES_DIR = fileURLToPath(new URL('../../../data/fixtures/', import.meta.url));

/** Reads a fixture file as UTF-8 text. */
export function readFixture(relPath: string): string {
  return readFileSync(FIXTURES_DIR + relPath, 'utf8');
}
