import { describe, expect, it } from 'vitest';
import { CLASS_GROUPS, CLUBS, EVENTS, MEMBERSHIP_TYPES, SECOND_ORGANIZATION } from './sample-data';
import { FEDERATION, FEDERATION_DETAILS } from './federation';
import { seededTranslations } from './translations';

describe('the seed’s French and Spanish data (issue 25)', () => {
  it('translates every description and membership type name it writes, in both languages', () => {
    const texts = [
      FEDERATION_DETAILS.descriptions,
      FEDERATION.names,
      SECOND_ORGANIZATION.names,
      SECOND_ORGANIZATION.descriptions,
      ...CLUBS.map((c) => c.descriptions),
      ...CLASS_GROUPS.flatMap((g) => g.classes.map((c) => c.descriptions)),
      ...MEMBERSHIP_TYPES.flatMap((t) => [t.names, t.descriptions]),
      ...EVENTS.map((e) => e.descriptions),
    ];
    for (const t of texts) {
      expect(t.fr?.trim(), JSON.stringify(t)).toBeTruthy();
      expect(t.es?.trim(), JSON.stringify(t)).toBeTruthy();
    }
  });

  it('keeps paragraphs paragraph for paragraph, and never leaves the English text as a translation', () => {
    for (const { en, translations } of seededTranslations()) {
      const paragraphs = en.split('\n\n').length;
      for (const lang of ['fr', 'es'] as const) {
        expect(translations[lang], en).not.toBe(en);
        expect(translations[lang]!.split('\n\n'), en).toHaveLength(paragraphs);
      }
    }
  });

  it('names the federation as the content service does', () => {
    expect(FEDERATION.name).toBe('Federation of Off-Road Motorcycle and Quad Racing');
    expect(FEDERATION.names).toEqual({ fr: 'Fédération de course moto et quad hors route', es: 'Federación de Carreras de Motos y Cuatrimotos Todoterreno' });
  });
});
