import { describe, expect, it } from 'vitest';
import { mailtoHref, paragraphs, phoneHref, websiteHref, websiteLabel } from './contact-links';

describe('contact links', () => {
  it('links web addresses only', () => {
    expect(websiteHref('www.club.ca')).toBe('https://www.club.ca/');
    expect(websiteHref('http://club.ca/events')).toBe('http://club.ca/events');
    expect(websiteHref('javascript:alert(1)')).toBeNull();
    expect(websiteHref('  ')).toBeNull();
    expect(websiteHref(null)).toBeNull();
    expect(websiteLabel('https://www.club.ca/')).toBe('www.club.ca');
  });

  it('dials digits and writes to well-formed addresses', () => {
    expect(phoneHref('819-555-0142')).toBe('tel:8195550142');
    expect(phoneHref('+1 (819) 555-0142')).toBe('tel:+18195550142');
    expect(phoneHref('n/a')).toBeNull();
    expect(mailtoHref('info@club.ca')).toBe('mailto:info@club.ca');
    expect(mailtoHref('not an address')).toBeNull();
  });

  it('splits descriptions into paragraphs', () => {
    expect(paragraphs('One.\n\nTwo\nlines.\r\n\r\n  \n\nThree.')).toEqual(['One.', 'Two\nlines.', 'Three.']);
    expect(paragraphs(null)).toEqual([]);
  });
});
