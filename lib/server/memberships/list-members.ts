/**
 * The public member list across organizations (issue 26; spec §2 /membership/members; §9 search
 * name maximum 50, page size 50): the memberships valid on `today` (valid_from ≤ today ≤
 * valid_until) of the public organizations, by last name, with only what the spec lets the
 * public see: name, club (when public), class, member number and last day of validity. Nothing
 * else, for anyone (a minor's row shows no more): no birthday, email, phone, address, age,
 * guardian, organization or membership type. Filtered by organization, by class, and by a search
 * in the name or the member number (the organization's members tab's search, `memberSearch`).
 * Tagged with the filtered organization's tag, else every public organization's.
 */
import 'server-only';
import { and, asc, count, eq, gte, ilike, lte, or, sql } from 'drizzle-orm';
import type { Translations } from '../../contracts/translations';
import { getDb } from '../db';
import { classes, memberships, organizations, participants, promoters } from '../db/schema';
import { byName } from '../db/order';
import { tagRead, tags } from '../cache/tags';
import { organizationShown, promoterShown } from '../policy/visibility';
import { MEMBERS_PAGE_SIZE, memberSearch } from '../organizations/list-organization-members';
import { listPublicOrganizationNames } from './public-organizations';

/** One row of the public member list: exactly the public fields. */
export interface PublicMemberRow {
  /** The membership's id (`/membership/members/{id}`). */
  id: number;
  firstName: string;
  lastName: string;
  /** The public club the member rides for, when any (its name in French and Spanish for `namesIn`). */
  club: { userId: number; name: string; names: Translations } | null;
  /** The class chosen when buying, when any. */
  class: { id: number; name: string } | null;
  /** The member number printed on the card. */
  number: string;
  /** YYYY-MM-DD, inclusive. */
  validUntil: string;
}

export interface PublicMemberFilters {
  /** Only this organization's memberships. */
  organizationId?: number | null;
  /** Only the memberships that chose this class. */
  classId?: number | null;
  /** Name or member number (trimmed, cut to 50 characters). */
  q?: string;
}

export interface PublicMemberPage {
  members: PublicMemberRow[];
  /** Valid memberships matching the filters. */
  total: number;
  /** 1-based, within 1..lastPage. */
  page: number;
  lastPage: number;
  /** The search as applied (trimmed, cut to 50 characters); '' for none. */
  q: string;
}

/** `%`, `_` and `\` taken literally in an ILIKE pattern. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Page `page` (a page past the end shows the last one; 50 a page unless `pageSize`) of the
 * memberships valid on `today` (YYYY-MM-DD) of the public organizations matching the filters:
 * organization, class, and `q` in first name, last name, "first last" or member number
 * (case-insensitive, `%` and `_` literal).
 */
export async function listPublicMembers(options: PublicMemberFilters & { today: string; page?: number; pageSize?: number }): Promise<PublicMemberPage> {
  if (options.organizationId) tagRead(tags.organization(options.organizationId));
  else await listPublicOrganizationNames();
  const db = getDb();
  const pageSize = options.pageSize ?? MEMBERS_PAGE_SIZE;
  const q = memberSearch(options.q);
  const pattern = `%${likeEscape(q)}%`;
  const where = and(
    organizationShown(),
    lte(memberships.validFrom, options.today),
    gte(memberships.validUntil, options.today),
    options.organizationId ? eq(memberships.organizationId, options.organizationId) : undefined,
    options.classId ? eq(memberships.classId, options.classId) : undefined,
    q
      ? or(
          ilike(participants.firstName, pattern),
          ilike(participants.lastName, pattern),
          ilike(sql`${participants.firstName} || ' ' || ${participants.lastName}`, pattern),
          ilike(memberships.number, pattern),
        )
      : undefined,
  );
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .innerJoin(participants, eq(participants.id, memberships.participantId))
    .where(where);
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(options.page ?? 1)), lastPage);
  const rows = await db
    .select({
      id: memberships.id,
      firstName: participants.firstName,
      lastName: participants.lastName,
      clubUserId: promoters.userId,
      clubName: promoters.name,
      clubNames: promoters.names,
      classId: classes.id,
      className: classes.name,
      number: memberships.number,
      validUntil: memberships.validUntil,
    })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .innerJoin(participants, eq(participants.id, memberships.participantId))
    .leftJoin(promoters, and(eq(promoters.id, memberships.promoterId), promoterShown()))
    .leftJoin(classes, eq(classes.id, memberships.classId))
    .where(where)
    .orderBy(byName(participants.lastName), byName(participants.firstName), asc(memberships.number), asc(memberships.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    members: rows.map((r) => ({
      id: r.id,
      firstName: r.firstName,
      lastName: r.lastName,
      club: r.clubUserId !== null && r.clubName !== null ? { userId: r.clubUserId, name: r.clubName, names: r.clubNames ?? {} } : null,
      class: r.classId !== null && r.className !== null ? { id: r.classId, name: r.className } : null,
      number: r.number,
      validUntil: r.validUntil,
    })),
    total,
    page,
    lastPage,
    q,
  };
}
