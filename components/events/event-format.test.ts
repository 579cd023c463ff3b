import { describe, expect, it } from 'vitest';
import { formatCents, formatEventDates } from '@/lib/format';
import { addressLines, ageLimitKind, eventTabHref, mapEmbedUrl, mapQuery, mapSearchUrl, parseEventTab, textOn } from './event-format';

const place = { location: 'Motoparc Saint-Joachim', address: '1200 rang Saint-Joseph', city: 'Saint-Joachim', state: 'QC', postalCode: 'J0E 2G0', country: 'Canada' };
const none = { location: null, address: null, city: null, state: null, postalCode: null, country: null };

describe('event tabs in the URL', () => {
  it('reads a known tab and falls back to races for anything else', () => {
    expect(parseEventTab('grid')).toBe('grid');
    expect(parseEventTab(['registration', 'series'])).toBe('registration');
    for (const raw of [undefined, '', 'Grid', 'constructor', '__proto__', ['nope']]) expect(parseEventTab(raw)).toBe('races');
  });

  it('links the default tab to the bare path', () => {
    expect(eventTabHref('/events/12', 'races')).toBe('/events/12');
    expect(eventTabHref('/organizations/1/events/12', 'grid')).toBe('/organizations/1/events/12?tab=grid');
  });
});

describe('event dates', () => {
  it('writes one day or a range in the page’s language', () => {
    expect(formatEventDates('2026-04-12', null, 'en')).toBe('April 12, 2026');
    expect(formatEventDates('2026-04-12', '2026-04-12', 'fr')).toBe('12 avril 2026');
    const en = formatEventDates('2026-05-02', '2026-05-03', 'en');
    expect(en).toMatch(/^May 2\s*–\s*3, 2026$/);
    expect(formatEventDates('2026-05-02', '2026-05-03', 'fr')).toMatch(/^2\s*–\s*3 mai 2026$/);
    expect(formatEventDates('2026-05-30', '2026-06-01', 'es')).toMatch(/30 de mayo.*1 de junio de 2026/);
  });

  it('ignores an end before the start', () => {
    expect(formatEventDates('2026-05-02', '2026-05-01', 'en')).toBe('May 2, 2026');
  });
});

describe('money and ages', () => {
  it('writes cents as Canadian dollars', () => {
    expect(formatCents(4500, 'en')).toBe('$45.00');
    expect(formatCents(4550, 'fr').replace(/\s/g, ' ')).toBe('45,50 $');
  });

  it('tells which age limits apply', () => {
    expect(ageLimitKind(7, 11)).toBe('range');
    expect(ageLimitKind(30, null)).toBe('min');
    expect(ageLimitKind(null, 11)).toBe('max');
    expect(ageLimitKind(null, null)).toBe('none');
  });
});

describe('address and map links', () => {
  it('writes street, locality and country lines', () => {
    expect(addressLines(place)).toEqual(['1200 rang Saint-Joseph', 'Saint-Joachim, QC J0E 2G0', 'Canada']);
    expect(addressLines({ ...none, city: 'Sebring', state: 'FL' })).toEqual(['Sebring, FL']);
  });

  it('has no address (and no map) with only a venue name or a country', () => {
    expect(addressLines({ ...none, location: 'Las Vegas' })).toEqual([]);
    expect(addressLines({ ...none, country: 'Canada', state: 'QC' })).toEqual([]);
    expect(mapQuery({ ...none, location: 'Las Vegas' })).toBeNull();
  });

  it('searches the venue and its address', () => {
    const q = mapQuery(place)!;
    expect(q).toBe('Motoparc Saint-Joachim, 1200 rang Saint-Joseph, Saint-Joachim, QC J0E 2G0, Canada');
    const search = new URL(mapSearchUrl(q));
    expect(search.origin + search.pathname).toBe('https://www.google.com/maps/search/');
    expect(search.searchParams.get('api')).toBe('1');
    expect(search.searchParams.get('query')).toBe(q);
    const embed = new URL(mapEmbedUrl('k&y=1', q));
    expect(embed.origin + embed.pathname).toBe('https://www.google.com/maps/embed/v1/place');
    expect(embed.searchParams.get('key')).toBe('k&y=1');
    expect(embed.searchParams.get('q')).toBe(q);
  });
});

describe('text on a CMS colour', () => {
  it('writes white on dark colours and near-black on light ones', () => {
    expect(textOn('#1976d2')).toBe('#fff');
    expect(textOn('#2e7d32')).toBe('#fff');
    expect(textOn('#00e676')).toBe('rgba(0, 0, 0, 0.87)');
    expect(textOn('#ffc107')).toBe('rgba(0, 0, 0, 0.87)');
    expect(textOn('#fff')).toBe('rgba(0, 0, 0, 0.87)');
    expect(textOn('not a colour')).toBe('#fff');
  });
});
