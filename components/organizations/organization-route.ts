/**
 * What an `/organizations/...` address shows (spec §2 Organization pages), shared by the page
 * and its metadata: the list; a section of an organization (no id → the default organization:
 * the DefaultOrganization parameter, else the default promoter's organization); or one of its
 * events. Null — the page answers 404 — for a malformed id, an unknown section, an unknown or
 * hidden organization, or an event that is hidden or belongs to another organization.
 * The organization comes in the page's language (issue 25): its name, about text and its clubs'
 * names translated where a translation exists (`namesIn`).
 */
import 'server-only';
import { cache } from 'react';
import { getSiteSettings } from '@/lib/cms';
import type { Locale } from '@/lib/config';
import { getEvent, type EventDetails } from '@/lib/server/events';
import {
  defaultOrganizationId,
  getPublicOrganization,
  isOrganizationEvent,
  parseOrganizationPath,
  type OrganizationDetails,
  type OrganizationSection,
} from '@/lib/server/organizations';
import { namesIn, textIn } from './names';

export type ResolvedOrganizationRoute =
  | { kind: 'list' }
  | { kind: 'section'; organization: OrganizationDetails; section: OrganizationSection }
  | { kind: 'event'; organization: OrganizationDetails; event: EventDetails };

/** The route of `segments` (after /organizations) in `locale`, or null for a 404 (deduplicated per request: metadata and page). */
export function resolveOrganizationRoute(locale: Locale, segments: string[] | undefined): Promise<ResolvedOrganizationRoute | null> {
  // React's cache compares arguments by identity: key it by the path, not the array.
  return resolveCached(locale, JSON.stringify(segments ?? []));
}

const resolveCached = cache(async function resolveCached(locale: Locale, key: string): Promise<ResolvedOrganizationRoute | null> {
  const route = parseOrganizationPath(JSON.parse(key) as string[]);
  if (!route) return null;
  if (route.kind === 'list') return route;
  const id = route.id ?? (await defaultOrganizationId(await getSiteSettings(locale)));
  const found = id === null ? null : await getPublicOrganization(id);
  if (!found) return null;
  const nameOf = await namesIn(locale);
  const organization: OrganizationDetails = {
    ...found,
    name: nameOf(found),
    description: textIn(locale, found.description, found.descriptions),
    clubs: found.clubs.map((c) => ({ ...c, name: nameOf(c) })),
  };
  if (route.kind === 'section') return { kind: 'section', organization, section: route.section };
  if (!(await isOrganizationEvent(organization.id, route.eventId))) return null;
  const event = await getEvent(route.eventId);
  return event?.isPublic ? { kind: 'event', organization, event } : null;
});

/** The page's own path without the language prefix (`/organizations/1/classes`, `/organizations/members`). */
export function organizationsPath(segments: string[] | undefined): string {
  return segments?.length ? `/organizations/${segments.join('/')}` : '/organizations';
}
