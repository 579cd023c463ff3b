/** Links of the members list (spec §2 /organizations/{id?}/members): search and page in the query. Pure. */

/** `path` with the search and page (page 1 and an empty search are left out). */
export function membersHref(path: string, q: string, page: number): string {
  const query = new URLSearchParams();
  if (q) query.set('q', q);
  if (page > 1) query.set('page', String(page));
  const s = query.toString();
  return s ? `${path}?${s}` : path;
}
