import { describe, expect, it } from 'vitest';
import { flattenStrapi, replyData } from '../../lib/cms/normalize';
import { menuSchema } from '../../lib/cms/schemas';
import { DEFAULT_SETTINGS, settingsFromParameters } from '../../lib/cms/settings';
import { sanitizeRichText } from '../../lib/cms/html';

describe('Strapi replies in v4 and v5 shapes', () => {
  const v5 = {
    data: [{ id: 1, documentId: 'a', name: 'Résultats', Visible: true, sort_order: 3, sub_menus: [{ id: 7, Name: 'Calendrier', Link: '/event-calendar' }] }],
    meta: { pagination: { page: 1 } },
  };
  const v4 = {
    data: [
      {
        id: 1,
        attributes: {
          name: 'Résultats',
          Visible: true,
          sort_order: 3,
          sub_menus: { data: [{ id: 7, attributes: { Name: 'Calendrier', Link: '/event-calendar' } }] },
        },
      },
    ],
    meta: {},
  };

  it('reads both into the same menu item', () => {
    const a = menuSchema.parse((replyData(v5) as unknown[])[0]);
    const b = menuSchema.parse((replyData(v4) as unknown[])[0]);
    expect(b).toEqual(a);
    expect(a.sub_menus[0]).toMatchObject({ Name: 'Calendrier', Link: '/event-calendar', Visible: true });
  });

  it('flattens media wrappers and empty relations', () => {
    expect(flattenStrapi({ id: 1, attributes: { Logo: { data: { id: 2, attributes: { url: '/uploads/logo.svg' } } }, Empty: { data: null } } })).toEqual({
      id: 1,
      Logo: { id: 2, url: '/uploads/logo.svg' },
      Empty: null,
    });
  });
});

describe('site parameters (spec §3, §9 fallbacks)', () => {
  it('falls back to the spec defaults when parameters are missing', () => {
    const s = settingsFromParameters([]);
    expect(s).toEqual(DEFAULT_SETTINGS);
    expect(s.localeList).toEqual(['en', 'fr-CA']);
    expect(s.languageList).toEqual([{ name: 'English', ab: 'en' }]);
    expect(s.colors.primary).toBe('#1976d2');
    expect(s.subheaderFontSize).toBe(44);
  });

  it('reads colours, ids and JSON lists, ignoring malformed values', () => {
    const s = settingsFromParameters([
      { Name: 'DefaultPromoterUserId', Value: '7' },
      { Name: 'NavbarColor', Value: '#0d2c54' },
      { Name: 'SubheaderColor', Value: 'red; background:url(x)' },
      { Name: 'LanguageList', Value: '[{"name":"English","ab":"en"},{"name":"Français","ab":"fr"}]' },
      { Name: 'LocaleList', Value: '{not json' },
      { Name: 'DefaultPromoterList', Value: '[1, 2]' },
    ]);
    expect(s.defaultPromoterUserId).toBe(7);
    expect(s.colors.navbar).toBe('#0d2c54');
    expect(s.colors.subheader).toBe(DEFAULT_SETTINGS.colors.subheader);
    expect(s.languageList.map((l) => l.ab)).toEqual(['en', 'fr']);
    expect(s.localeList).toEqual(['en', 'fr-CA']);
    expect(s.defaultPromoterList).toEqual([1, 2]);
  });
});

describe('rich text from the CMS', () => {
  it('strips scripts and event handlers and proxies relative images', () => {
    const html = sanitizeRichText('<p onclick="x()">Hi<script>alert(1)</script></p><img src="/uploads/a.png" onerror="y()"><a href="javascript:z()">z</a>');
    expect(html).toBe('<p>Hi</p><img src="/ll/uploads/a.png" loading="lazy" /><a>z</a>');
  });

  it('points site links at the base path and the page’s language', () => {
    const html = '<a href="/results/1">r</a><a href="https://example.org/x" target="_blank">e</a><a href="mailto:info@fmqr.ca">m</a><a href="/ll/fr/x">k</a>';
    expect(sanitizeRichText(html, 'fr')).toBe(
      '<a href="/ll/fr/results/1">r</a><a href="https://example.org/x" target="_blank" rel="noopener noreferrer">e</a><a href="mailto:info@fmqr.ca">m</a><a href="/ll/fr/x">k</a>',
    );
    expect(sanitizeRichText('<a href="/event-calendar">c</a>', 'en')).toBe('<a href="/ll/event-calendar">c</a>');
  });
});
