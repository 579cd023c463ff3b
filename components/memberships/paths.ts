/**
 * Addresses of the public membership pages (issue 26; spec §2 /membership/type/{id?},
 * /membership/classes/{id?}, /membership/members, /membership/members/{id}) and of the purchase
 * page a type's "Buy" link opens (`/account/membership?type={id}`). Without the language prefix
 * (the i18n `Link` adds it). Pure.
 */

/** `/membership/type`, or one type's page. */
export const membershipTypePath = (id?: number) => (id === undefined ? '/membership/type' : `/membership/type/${id}`);

/** `/membership/classes`, or one class's page. */
export const membershipClassPath = (id?: number) => (id === undefined ? '/membership/classes' : `/membership/classes/${id}`);

/** One membership's public page. */
export const membershipPath = (id: number) => `/membership/members/${id}`;

/** Where buying membership type `id` starts (the account's purchase page; the proxy sends a visitor to the login first). */
export const buyMembershipPath = (id: number) => `/account/membership?type=${id}`;

/** The member list's filters as its query carries them. */
export interface MemberListQuery {
  organization?: number | null;
  class?: number | null;
  q?: string;
  page?: number;
}

/** `/membership/members` with the filters and page in its query (none, an empty search and page 1 are left out). */
export function membersListHref(query: MemberListQuery = {}): string {
  const params = new URLSearchParams();
  if (query.organization) params.set('organization', String(query.organization));
  if (query.class) params.set('class', String(query.class));
  if (query.q) params.set('q', query.q);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const s = params.toString();
  return s ? `/membership/members?${s}` : '/membership/members';
}
