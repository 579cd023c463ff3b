/**
 * The thank-you page after an account creation (spec §2 `/thank-you-page/participant/{id}`, §4
 * "Completed"): its greeting names the new holder, and only to them. `id` is the holder's
 * profile id (the `AccountCreated.id` the registration call answered); the stepper's holder is
 * logged in by that call.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import type { SessionUser } from '../../contracts/account';
import { getDb } from '../db';
import { participantProfiles } from '../db/schema';

/**
 * `{ firstName }` of profile `profileId` when `user` (the logged-in user, or null) holds it;
 * null otherwise (logged out, someone else's id, unknown id: the page then greets without a name).
 */
export async function getThankYou(profileId: number, user: SessionUser | null): Promise<{ firstName: string } | null> {
  if (!user || user.profileId === null || user.profileId !== profileId) return null;
  const [row] = await getDb()
    .select({ firstName: participantProfiles.firstName, userId: participantProfiles.userId })
    .from(participantProfiles)
    .where(eq(participantProfiles.id, profileId))
    .limit(1);
  return row && row.userId === user.id ? { firstName: row.firstName } : null;
}
