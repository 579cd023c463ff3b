/**
 * The trackside fold (./fold.ts): the series search's letter fold (Ł, Ø, ß … to ASCII, as the
 * database side folds them with translate()) plus punctuation read as spacing. The database
 * side is checked against this one in tests/integration/trackside.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { foldName } from '../series/search-participants';
import { foldText, foldedWords } from './fold';

describe('foldText', () => {
  it('folds accents and the letters NFD leaves alone (Ł, Ø, ß, Đ)', () => {
    expect(foldText('Łukasz Østergaard')).toBe('lukasz ostergaard');
    expect(foldText('STRAUß')).toBe('straus');
    expect(foldText('Đorđe')).toBe('dorde');
    expect(foldText('  Jérôme O’Neil-Côté ')).toBe('jerome oneil cote');
  });
  it('reads apostrophes and periods as nothing, hyphens and underscores as spaces', () => {
    expect(foldText("Val-d'Or, QC")).toBe('val dor, qc');
    expect(foldText('St. Donat')).toBe('st donat');
    expect(foldText('snake_case')).toBe('snake case');
  });
  it('is the series search’s fold once punctuation is spaced', () => {
    expect(foldText('Zoë ÅSTRÖM')).toBe(foldName('Zoë ÅSTRÖM'));
  });
  it('gives the words of a criterion once each', () => {
    expect(foldedWords('levesque-cote  LÉVESQUE')).toEqual(['levesque', 'cote']);
    expect(foldedWords("'")).toEqual([]);
  });
});
