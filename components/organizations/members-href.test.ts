import { describe, expect, it } from 'vitest';
import { membersHref } from './members-href';

describe('membersHref', () => {
  it('keeps the search and the page, and leaves out the defaults', () => {
    expect(membersHref('/organizations/1/members', '', 1)).toBe('/organizations/1/members');
    expect(membersHref('/organizations/1/members', '', 3)).toBe('/organizations/1/members?page=3');
    expect(membersHref('/organizations/members', 'Côté & fils', 2)).toBe('/organizations/members?q=C%C3%B4t%C3%A9+%26+fils&page=2');
  });
});
