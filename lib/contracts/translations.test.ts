import { describe, expect, it } from 'vitest';
import { inLocale, translationsOf } from './translations';

describe('inLocale (issue 25: French and Spanish data, English fallback)', () => {
  const tr = { fr: 'Licence annuelle – adulte', es: '  ' };
  it('shows the translation of the page’s language', () => {
    expect(inLocale('Annual licence – adult', tr, 'fr')).toBe('Licence annuelle – adulte');
  });
  it('falls back to English where the translation is absent or blank, and on English pages', () => {
    expect(inLocale('Annual licence – adult', tr, 'es')).toBe('Annual licence – adult');
    expect(inLocale('Annual licence – adult', tr, 'en')).toBe('Annual licence – adult');
    expect(inLocale(null, {}, 'fr')).toBeNull();
    expect(inLocale('x', undefined, 'fr')).toBe('x');
  });
  it('keeps only the filled form fields', () => {
    expect(translationsOf(' Pilotes de 50 ans ', '')).toEqual({ fr: 'Pilotes de 50 ans' });
    expect(translationsOf(null, undefined)).toEqual({});
  });
});
