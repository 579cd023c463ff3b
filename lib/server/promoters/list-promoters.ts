/**
 * The promoters list (spec §2 "Promoters list", /promoters): the promoters of the site
 * parameter DefaultPromoterList (user ids; the default promoter user id when the list is
 * empty) and the public clubs of their (public) organizations, each with its city, its
 * organization and how many public events it has still to run.
 */
import 'server-only';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Translations } from '../../contracts/translations';
import { getDb } from '../db';
import { organizations, promoters } from '../db/schema';
import { countUpcomingEvents } from './get-promoter';
import { byName } from '../db/order';
import { tagRead, tags } from '../cache/tags';
import { organizationShown, promoterShown } from '../policy/visibility';

export interface PromoterCard {
  userId: number;
  name: string;
  /** Its name in French and Spanish (issue 25; `inLocale` picks one); likewise its organization's. */
  names: Translations;
  city: string | null;
  state: string | null;
  organization: { id: number; name: string; names: Translations } | null;
  /** Public events whose last day is today or later. */
  upcomingEvents: number;
  /** One of the DefaultPromoterList promoters (listed first). */
  isListed: boolean;
}

/**
 * The public promoters of `userIds` and the public clubs of their public organizations:
 * the listed ones first in the list's order, then the clubs by name. `today` is YYYY-MM-DD.
 */
export async function listPromoters(userIds: number[], today: string): Promise<PromoterCard[]> {
  tagRead(tags.events, ...userIds.map(tags.promoter));
  if (!userIds.length) return [];
  const db = getDb();
  const listed = await db
    .select({ organizationId: promoters.organizationId })
    .from(promoters)
    .where(and(inArray(promoters.userId, userIds), promoterShown()));
  const orgIds = [...new Set(listed.map((p) => p.organizationId).filter((id): id is number => id !== null))];
  const rows = await db
    .select({
      id: promoters.id,
      userId: promoters.userId,
      name: promoters.name,
      names: promoters.names,
      city: promoters.city,
      state: promoters.state,
      organizationId: organizations.id,
      organizationName: organizations.name,
      organizationNames: organizations.names,
    })
    .from(promoters)
    .leftJoin(organizations, and(eq(organizations.id, promoters.organizationId), organizationShown()))
    .where(
      and(
        promoterShown(),
        orgIds.length ? or(inArray(promoters.userId, userIds), and(inArray(promoters.organizationId, orgIds), organizationShown())) : inArray(promoters.userId, userIds),
      ),
    )
    .orderBy(byName(promoters.name), asc(promoters.id));
  const upcoming = await countUpcomingEvents(
    rows.map((r) => r.id),
    today,
  );
  const rank = (userId: number) => {
    const i = userIds.indexOf(userId);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  return rows
    .map((r) => ({
      userId: r.userId,
      name: r.name,
      names: r.names,
      city: r.city,
      state: r.state,
      organization: r.organizationId !== null && r.organizationName !== null ? { id: r.organizationId, name: r.organizationName, names: r.organizationNames ?? {} } : null,
      upcomingEvents: upcoming.get(r.id) ?? 0,
      isListed: userIds.includes(r.userId),
    }))
    .sort((a, b) => rank(a.userId) - rank(b.userId));
}
