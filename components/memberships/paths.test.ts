import { describe, expect, it } from 'vitest';
import { buyMembershipPath, membersListHref, membershipClassPath, membershipPath, membershipTypePath } from './paths';

describe('membership page addresses', () => {
  it('names the lists and one page of each', () => {
    expect([membershipTypePath(), membershipTypePath(4), membershipClassPath(), membershipClassPath(12), membershipPath(7), buyMembershipPath(4)]).toEqual([
      '/membership/type',
      '/membership/type/4',
      '/membership/classes',
      '/membership/classes/12',
      '/membership/members/7',
      '/account/membership?type=4',
    ]);
  });

  it('keeps the member list’s filters in the page links, leaving out page 1 and empty ones', () => {
    expect(membersListHref()).toBe('/membership/members');
    expect(membersListHref({ organization: null, class: null, q: '', page: 1 })).toBe('/membership/members');
    expect(membersListHref({ organization: 2, class: 9, q: 'zoé b', page: 3 })).toBe('/membership/members?organization=2&class=9&q=zo%C3%A9+b&page=3');
    expect(membersListHref({ class: 9 })).toBe('/membership/members?class=9');
  });
});
