/** The web app manifest's names (./manifest-names.ts): the CMS tab title, one for every language, else the fallbacks. */
import { describe, expect, it } from 'vitest';
import en from '../../messages/en.json';
import { manifestNames } from './manifest-names';

const fallback = { name: en.trackside.manifest.name, shortName: en.trackside.manifest.shortName };

describe('manifestNames', () => {
  it('takes the CMS tab title, its acronym as the short name', () => {
    expect(manifestNames('FMQR – Federation of Off-Road Motorcycle and Quad Racing', fallback)).toEqual({
      name: 'FMQR – Federation of Off-Road Motorcycle and Quad Racing',
      shortName: 'FMQR',
    });
    expect(manifestNames('  ORRA  ', fallback)).toEqual({ name: 'ORRA', shortName: 'ORRA' });
    expect(manifestNames('Northern Off-Road Racing Association', fallback)).toEqual({ name: 'Northern Off-Road Racing Association', shortName: fallback.shortName });
  });
  it('falls back to the current names without a tab title', () => {
    expect(manifestNames(null, fallback)).toEqual(fallback);
    expect(manifestNames('   ', fallback)).toEqual(fallback);
  });
});
