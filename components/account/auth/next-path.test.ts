/** The login page's `next` parameter (next-path.ts): only this site's paths, else /account. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_NEXT, safeNextPath } from './next-path';

describe('safeNextPath', () => {
  it('keeps a path of the site, with its query and fragment', () => {
    expect(safeNextPath('/account/family')).toBe('/account/family');
    expect(safeNextPath('/events/12?tab=results#top')).toBe('/events/12?tab=results#top');
    expect(safeNextPath(['/account', '/other'])).toBe('/account');
  });

  it('drops the base path and a language prefix (the page adds the visitor’s)', () => {
    expect(safeNextPath('/ll/fr/account')).toBe('/account');
    expect(safeNextPath('/fr/account/family')).toBe('/account/family');
    expect(safeNextPath('/ll')).toBe('/');
  });

  it('refuses anything that could leave the site', () => {
    for (const bad of ['//evil.example/x', '/\\evil.example', '/%5Cevil', 'https://evil.example', 'javascript:alert(1)', 'account', '', '/a\nb', '/a\tb', `/${'a'.repeat(3000)}`, undefined, 42, null]) {
      const out = safeNextPath(bad);
      expect(out === DEFAULT_NEXT || (out.startsWith('/') && !out.startsWith('//')), String(bad)).toBe(true);
      if (typeof bad !== 'string' || !bad.startsWith('/%5C')) expect(out, String(bad)).toBe(DEFAULT_NEXT);
    }
    expect(safeNextPath('/%5Cevil')).toBe('/%5Cevil');
    // A second slash hidden behind the prefixes the function strips.
    for (const bad of ['/ll//evil.example', '/ll/..//evil.example', '/fr//evil.example', '/ll/fr//evil.example', '/x/..//evil.example']) {
      expect(safeNextPath(bad), bad).toBe(DEFAULT_NEXT);
    }
  });

  it('never sends back to the login page', () => {
    expect(safeNextPath('/login')).toBe(DEFAULT_NEXT);
    expect(safeNextPath('/fr/login/')).toBe(DEFAULT_NEXT);
  });
});
