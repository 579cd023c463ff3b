/**
 * Reading one waiver document and who may see it (issue 27 "Who sees it: the signatory, their
 * guardian, the event's promoter at sign-on, federation admins"): the row with its event's name
 * and promoter, the logins of the person it covers and of their guardian, and the name of the
 * official who witnessed a signature taken at sign-on. `waiverReader`
 * answers how `viewer` may read it: `party` (the signatory, the person covered, their guardian),
 * `staff` (policy `registrations.list` on the event's promoter: its staff and federation admins),
 * or null (anyone else: the caller answers `not_found`, as for an unknown id).
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { getDb, type Db, type Tx } from '../db';
import { events, participantProfiles, users, waiverDocuments } from '../db/schema';
import { can, type Viewer } from '../policy';

/** A `waiver_documents` row with what its readers need. */
export type WaiverRecord = typeof waiverDocuments.$inferSelect & {
  eventName: string;
  promoterId: number;
  /** The login of the person covered (an adult's own), or null. */
  coveredUserId: string | null;
  /** The login of the covered person's guardian (a minor's), or null. */
  guardianUserId: string | null;
  /** The witnessing official's name (their racer profile's, else their account's), or null. */
  witnessName: string | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Document `id` (a UUID) with its event and people, or null (unknown or malformed id). */
export async function loadWaiver(id: string, db: Db | Tx = getDb()): Promise<WaiverRecord | null> {
  if (!UUID.test(id)) return null;
  const guardian = alias(participantProfiles, 'guardian');
  const [row] = await db
    .select({ doc: waiverDocuments, eventName: events.name, promoterId: events.promoterId, coveredUserId: participantProfiles.userId, guardianUserId: guardian.userId })
    .from(waiverDocuments)
    .innerJoin(events, eq(events.id, waiverDocuments.eventId))
    .leftJoin(participantProfiles, eq(participantProfiles.participantId, waiverDocuments.participantId))
    .leftJoin(guardian, eq(guardian.id, participantProfiles.guardianId))
    .where(eq(waiverDocuments.id, id.toLowerCase()));
  if (!row) return null;
  const witnessName = row.doc.witnessUserId ? await userName(row.doc.witnessUserId, db) : null;
  return { ...row.doc, eventName: row.eventName, promoterId: row.promoterId, coveredUserId: row.coveredUserId, guardianUserId: row.guardianUserId, witnessName };
}

/** The name of login `userId`: their racer profile's first and last name, else the account's name (null: unknown login). */
export async function userName(userId: string, db: Db | Tx = getDb()): Promise<string | null> {
  const [row] = await db
    .select({ accountName: users.name, firstName: participantProfiles.firstName, lastName: participantProfiles.lastName })
    .from(users)
    .leftJoin(participantProfiles, eq(participantProfiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  return row.firstName ? `${row.firstName} ${row.lastName ?? ''}`.trim() : row.accountName;
}

/** How `viewer` may read `doc` (see the module's docstring). */
export function waiverReader(viewer: Viewer, doc: WaiverRecord): 'party' | 'staff' | null {
  if (viewer === null) return null;
  const me = viewer.userId;
  if (me === doc.signatoryUserId || me === doc.coveredUserId || me === doc.guardianUserId) return 'party';
  if (can(viewer, 'registrations.list', { promoterId: doc.promoterId })) return 'staff';
  return null;
}
