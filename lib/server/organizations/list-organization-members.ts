/**
 * An organization's members (spec §2 /organizations/{id?}/members): the people whose
 * membership is valid today, sorted by last name, with their member number, membership type,
 * club and the last day of validity. Nothing personal beyond the name: no email, phone, birth
 * date or address. Paged (spec §9 page size 50) and searchable by name or member number
 * (spec §9 search name maximum 50 characters).
 */
import 'server-only';
import { and, asc, count, eq, gte, ilike, lte, or, sql } from 'drizzle-orm';
import type { Translations } from '../../contracts/translations';
import { getDb } from '../db';
import { memberships, membershipTypes, participants, promoters } from '../db/schema';
import { byName } from '../db/order';
import { tagRead, tags } from '../cache/tags';
import { promoterShown } from '../policy/visibility';

/** Members per page (spec §9 page size 50). */
export const MEMBERS_PAGE_SIZE = 50;
/** Longest search (spec §9 search name maximum 50); longer text is cut. */
export const MEMBER_SEARCH_MAX = 50;

export interface MemberRow {
  /** The membership's id (a person may hold two valid memberships). */
  id: number;
  firstName: string;
  lastName: string;
  /** The member number printed on the card. */
  number: string;
  membershipType: string;
  /** The membership type's name in French and Spanish (issue 25; `inLocale` picks one). */
  membershipTypeNames: Translations;
  /** The public club the member rides for, when any. */
  club: { userId: number; name: string } | null;
  /** YYYY-MM-DD, inclusive. */
  validUntil: string;
}

export interface MemberPage {
  members: MemberRow[];
  /** Valid memberships matching the search. */
  total: number;
  /** 1-based, within 1..lastPage. */
  page: number;
  lastPage: number;
  /** The search as applied (trimmed, cut to 50 characters); '' for none. */
  q: string;
}

/** `%`, `_` and `\` taken literally in an ILIKE pattern. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The search text as applied: trimmed, inner spaces collapsed, at most 50 characters. */
export function memberSearch(q: string | undefined): string {
  return (q ?? '').replace(/\s+/g, ' ').trim().slice(0, MEMBER_SEARCH_MAX).trim();
}

/**
 * Page `page` (a page past the end shows the last one) of the members of organization `id`
 * valid on `today` (YYYY-MM-DD), matching `q` in first name, last name, "first last" or
 * member number (case-insensitive) when given.
 */
export async function listOrganizationMembers(id: number, options: { today: string; page?: number; q?: string; pageSize?: number }): Promise<MemberPage> {
  tagRead(tags.organization(id));
  const db = getDb();
  const pageSize = options.pageSize ?? MEMBERS_PAGE_SIZE;
  const q = memberSearch(options.q);
  const pattern = `%${likeEscape(q)}%`;
  const where = and(
    eq(memberships.organizationId, id),
    lte(memberships.validFrom, options.today),
    gte(memberships.validUntil, options.today),
    q
      ? or(
          ilike(participants.firstName, pattern),
          ilike(participants.lastName, pattern),
          ilike(sql`${participants.firstName} || ' ' || ${participants.lastName}`, pattern),
          ilike(memberships.number, pattern),
        )
      : undefined,
  );
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(memberships).innerJoin(participants, eq(participants.id, memberships.participantId)).where(where);
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(options.page ?? 1)), lastPage);
  const rows = await db
    .select({
      id: memberships.id,
      firstName: participants.firstName,
      lastName: participants.lastName,
      number: memberships.number,
      membershipType: membershipTypes.name,
      membershipTypeNames: membershipTypes.names,
      clubUserId: promoters.userId,
      clubName: promoters.name,
      validUntil: memberships.validUntil,
    })
    .from(memberships)
    .innerJoin(participants, eq(participants.id, memberships.participantId))
    .innerJoin(membershipTypes, eq(membershipTypes.id, memberships.membershipTypeId))
    .leftJoin(promoters, and(eq(promoters.id, memberships.promoterId), promoterShown()))
    .where(where)
    .orderBy(byName(participants.lastName), byName(participants.firstName), asc(memberships.number), asc(memberships.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    members: rows.map(({ clubUserId, clubName, ...m }) => ({ ...m, club: clubUserId !== null && clubName !== null ? { userId: clubUserId, name: clubName } : null })),
    total,
    page,
    lastPage,
    q,
  };
}
