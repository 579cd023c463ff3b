/**
 * Step 1's form, filled in (issue 28 "a logged-in participant or spectator starts with their
 * details filled in"; spec §4 Spectator registration): the buyer's name, gender, date of birth
 * and email from their racer profile, else from the last spectator registration they bought as
 * themself, else the account's name split at its first space and its email.
 */
import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { getDb } from '../db';
import { participantProfiles, spectators, users } from '../db/schema';
import type { Viewer } from '../policy';

/** What step 1 starts with; a field the account does not know is null. */
export interface BuyerDefaults {
  firstName: string | null;
  lastName: string | null;
  gender: string | null;
  /** YYYY-MM-DD. */
  birthday: string | null;
  email: string | null;
}

const EMPTY: BuyerDefaults = { firstName: null, lastName: null, gender: null, birthday: null, email: null };

/** The defaults of `viewer` (see the module's docstring); all null for a visitor or an account type that does not buy (a promoter, an official, an admin). */
export async function buyerDefaults(viewer: Viewer): Promise<BuyerDefaults> {
  if (viewer === null || (viewer.role !== 'participant' && viewer.role !== 'spectator')) return EMPTY;
  const db = getDb();
  const [account] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, viewer.userId));
  if (!account) return EMPTY;
  const [profile] = await db
    .select({ firstName: participantProfiles.firstName, lastName: participantProfiles.lastName, gender: participantProfiles.gender, birthday: participantProfiles.birthday })
    .from(participantProfiles)
    .where(eq(participantProfiles.userId, viewer.userId));
  if (profile) return { ...profile, email: account.email };
  const [earlier] = await db
    .select({ firstName: spectators.firstName, lastName: spectators.lastName, gender: spectators.gender, birthday: spectators.birthday })
    .from(spectators)
    .where(and(eq(spectators.userId, viewer.userId), eq(spectators.isBuyer, true)))
    .orderBy(desc(spectators.createdAt))
    .limit(1);
  if (earlier) return { ...earlier, email: account.email };
  const name = account.name.trim();
  const space = name.indexOf(' ');
  return { firstName: space > 0 ? name.slice(0, space) : name || null, lastName: space > 0 ? name.slice(space + 1).trim() : null, gender: null, birthday: null, email: account.email };
}
