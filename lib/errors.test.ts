/** The error page's message (issue 25): only the catalogue's, chosen by code or by its own English text; nothing a link makes up. */
import { describe, expect, it } from 'vitest';
import { catalogueCode, ERRORS } from './errors';

describe('catalogueCode', () => {
  it('names a catalogue entry by its code or its message, and nothing else', () => {
    expect(catalogueCode('forbidden')).toBe('forbidden');
    expect(catalogueCode(ERRORS.not_public.message)).toBe('not_public');
    expect(catalogueCode('  service_unavailable ')).toBe('service_unavailable');
    expect([catalogueCode('Timing feed lost'), catalogueCode('<script>alert(1)</script>'), catalogueCode(''), catalogueCode(undefined), catalogueCode('toString'), catalogueCode('__proto__')]).toEqual([null, null, null, null, null, null]);
  });
});
