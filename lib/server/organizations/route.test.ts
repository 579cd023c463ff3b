import { describe, expect, it } from 'vitest';
import { organizationPath, parseOrganizationPath } from './route';

describe('parseOrganizationPath', () => {
  it('reads the list, sections with and without an id, and events', () => {
    expect(parseOrganizationPath(undefined)).toEqual({ kind: 'list' });
    expect(parseOrganizationPath([])).toEqual({ kind: 'list' });
    expect(parseOrganizationPath(['classes'])).toEqual({ kind: 'section', id: null, section: 'classes' });
    expect(parseOrganizationPath(['membership-type'])).toEqual({ kind: 'section', id: null, section: 'membership-type' });
    expect(parseOrganizationPath(['about-us'])).toEqual({ kind: 'section', id: null, section: 'about-us' });
    expect(parseOrganizationPath(['3'])).toEqual({ kind: 'section', id: 3, section: 'about-us' });
    expect(parseOrganizationPath(['3', 'members'])).toEqual({ kind: 'section', id: 3, section: 'members' });
    expect(parseOrganizationPath(['3', 'events'])).toEqual({ kind: 'section', id: 3, section: 'events' });
    expect(parseOrganizationPath(['events'])).toEqual({ kind: 'section', id: null, section: 'events' });
    expect(parseOrganizationPath(['events', '12'])).toEqual({ kind: 'event', id: null, eventId: 12 });
    expect(parseOrganizationPath(['3', 'events', '12'])).toEqual({ kind: 'event', id: 3, eventId: 12 });
  });

  it('refuses malformed ids, unknown sections and extra segments', () => {
    for (const s of [['abc'], ['abc', 'classes'], ['01', 'classes'], ['1 ', 'classes'], ['1%20'], ['3', 'unknown'], ['3', 'classes', 'x'], ['3', 'events', 'abc'], ['3', 'events', '0'], ['events', '12', 'x'], ['classes', 'about-us'], ['3', '4'], ['99999999999']]) {
      expect(parseOrganizationPath(s), s.join('/')).toBeNull();
    }
  });

  it('builds section paths', () => {
    expect(organizationPath(3)).toBe('/organizations/3');
    expect(organizationPath(3, 'about-us')).toBe('/organizations/3');
    expect(organizationPath(3, 'membership-type')).toBe('/organizations/3/membership-type');
  });
});
