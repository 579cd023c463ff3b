/**
 * A racer's name as pages show it (issue 29; its own module, so that pages which show no racer
 * name do not carry it): "First Last" (or "Last, First" with
 * `order: 'last-first'`, as member lists sort), or `formerMember`, the translated "former
 * member", for a record whose account was closed: its names are emptied
 * (lib/server/accounts/close-account.ts `eraseProfiles`) and its results stay.
 */
export function personName(firstName: string, lastName: string, formerMember: string, order: 'first-last' | 'last-first' = 'first-last'): string {
  const first = firstName.trim();
  const last = lastName.trim();
  if (!first && !last) return formerMember;
  if (order === 'last-first') return first && last ? `${last}, ${first}` : last || first;
  return `${first} ${last}`.trim();
}
