/**
 * Step 3, taking a spectator off (issue 28 "The four steps" 3; spec §4 Spectator registration):
 * the buyer of an open registration removes a person they added (`removed_at`; the row stays, so
 * a waiver signed for them keeps naming them); never the buyer themself.
 */
import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { SpectatorRegistrationView } from '../../contracts/spectators';
import { AppError } from '../../errors';
import { getDb } from '../db';
import { spectators } from '../db/schema';
import type { Viewer } from '../policy';
import { registrationView } from './get-registration';
import { assertEditable, isUuid, ownRegistration } from './spectator-context';

/**
 * Takes spectator `spectatorId` off registration `registrationId` of buyer `viewer` at `options.now` (see the module's docstring).
 * @returns the registration without them.
 * @throws AppError `unauthenticated`; `spectator_not_found` (unknown, removed already, or the buyer themself); `spectator_registration_closed`.
 */
export async function removeSpectator(viewer: Viewer, registrationId: string, spectatorId: string, options: { now?: Date } = {}): Promise<SpectatorRegistrationView> {
  const now = options.now ?? new Date();
  return getDb().transaction(async (tx) => {
    const registration = await ownRegistration(viewer, registrationId, tx, { lock: true });
    assertEditable(registration);
    if (!isUuid(spectatorId)) throw new AppError('spectator_not_found');
    const removed = await tx
      .update(spectators)
      .set({ removedAt: now })
      .where(and(eq(spectators.id, spectatorId.toLowerCase()), eq(spectators.registrationId, registration.id), eq(spectators.isBuyer, false), isNull(spectators.removedAt)))
      .returning({ id: spectators.id });
    if (removed.length === 0) throw new AppError('spectator_not_found');
    return registrationView(tx, registration, now);
  });
}
