/**
 * The organization routes (spec §2 Organization pages): `/organizations` (the list),
 * `/organizations/{id?}/<section>` and `/organizations/{id?}/events/{eventId}`; without an id,
 * the default organization; `/organizations/{id}` alone is its about-us. Pure: the page's
 * catch-all segments in, the route (or null: not found) out.
 */
import 'server-only';
import { parseId } from '../../contracts/ids';

/** The sections of an organization, in the order of its navigation. */
export const ORGANIZATION_SECTIONS = ['about-us', 'calendar', 'events', 'series', 'classes', 'membership-type', 'members', 'contact'] as const;
export type OrganizationSection = (typeof ORGANIZATION_SECTIONS)[number];

export type OrganizationRoute =
  | { kind: 'list' }
  /** `id` null: the default organization. */
  | { kind: 'section'; id: number | null; section: OrganizationSection }
  | { kind: 'event'; id: number | null; eventId: number };

const isSection = (s: string | undefined): s is OrganizationSection => (ORGANIZATION_SECTIONS as readonly string[]).includes(s ?? '');

/**
 * The route of the segments after `/organizations` (as Next hands them: percent-encoded or
 * not, ids are plain digits only, see `parseId`), or null for anything else
 * (`/organizations/abc/classes`, `/organizations/1/unknown`, `/organizations/1/events/x`).
 */
export function parseOrganizationPath(segments: string[] | undefined): OrganizationRoute | null {
  const s = segments ?? [];
  if (s.length === 0) return { kind: 'list' };
  const first = parseId(s[0]);
  const id = first;
  const rest = first === null ? s : s.slice(1);
  if (first === null && !isSection(s[0])) return null;
  if (rest.length === 0) return { kind: 'section', id, section: 'about-us' };
  if (rest.length === 1) return isSection(rest[0]) ? { kind: 'section', id, section: rest[0] } : null;
  if (rest.length === 2 && rest[0] === 'events') {
    const eventId = parseId(rest[1]);
    return eventId === null ? null : { kind: 'event', id, eventId };
  }
  return null;
}

/** The path of an organization's section (`/organizations/3/classes`); about-us is the organization's own path. */
export function organizationPath(id: number, section: OrganizationSection = 'about-us'): string {
  return section === 'about-us' ? `/organizations/${id}` : `/organizations/${id}/${section}`;
}
