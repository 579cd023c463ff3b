/**
 * An event's spectator-ticket settings on the promoter's desk (issue 28 "the event sets ticket
 * prices, age bands, daily capacity and whether a selfie is required, in the desk"; spec §4
 * Spectator registration, §5 Spectator): read with the event's desk page, saved as a whole
 * (`events.spectator_settings`) in one transaction with its audit record (desk_audit, entity
 * 'event'), then the event's pages revalidated on every instance (tag `event:{id}`). Policy
 * `event.edit` on the event's promoter: another promoter's event answers like an unknown one (404).
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import { DEFAULT_SPECTATOR_SETTINGS, spectatorSettings, type SpectatorSettings } from '../../contracts/spectator-settings';
import { AppError } from '../../errors';
import { revalidateTags, tags } from '../cache';
import { getDb } from '../db';
import { deskAudit, events } from '../db/schema';
import { assertAllowed, type Viewer } from '../policy';

/** The stored column (possibly partial, `{}` for an event that never set any) as full settings; what does not pass the contract falls back to the defaults (tickets off). */
export function spectatorSettingsOf(stored: unknown): SpectatorSettings {
  const parsed = spectatorSettings.safeParse(stored ?? {});
  return parsed.success ? parsed.data : DEFAULT_SPECTATOR_SETTINGS;
}

/**
 * The spectator settings of event `eventId` for `viewer` to edit (defaults filled in).
 * @throws AppError `unauthenticated`; `not_found` (unknown, or another promoter's event).
 */
export async function getSpectatorSettings(viewer: Viewer, eventId: number): Promise<SpectatorSettings> {
  const [row] = await getDb().select({ promoterId: events.promoterId, stored: events.spectatorSettings }).from(events).where(eq(events.id, eventId));
  if (!row) throw new AppError(viewer === null ? 'unauthenticated' : 'not_found');
  assertAllowed(viewer, 'event.edit', { promoterId: row.promoterId });
  return spectatorSettingsOf(row.stored);
}

/**
 * Replaces the spectator settings of event `eventId` with `input` (already checked with
 * `deskSpectatorSettingsInput`: prices in cents, ages in whole years). Returns what is stored
 * and whether anything changed (nothing is recorded, nor revalidated, otherwise).
 * @throws AppError `unauthenticated`; `not_found` (unknown, or another promoter's event).
 */
export async function saveSpectatorSettings(viewer: Viewer, eventId: number, input: SpectatorSettings): Promise<{ settings: SpectatorSettings; changed: boolean }> {
  if (viewer === null) throw new AppError('unauthenticated');
  const result = await getDb().transaction(async (tx) => {
    const [row] = await tx.select({ promoterId: events.promoterId, stored: events.spectatorSettings }).from(events).where(eq(events.id, eventId)).for('update');
    if (!row) throw new AppError('not_found');
    assertAllowed(viewer, 'event.edit', { promoterId: row.promoterId });
    const before = spectatorSettingsOf(row.stored);
    const after = spectatorSettings.parse(input);
    if (JSON.stringify(before) === JSON.stringify(after)) return { settings: before, changed: false };
    await tx.update(events).set({ spectatorSettings: after }).where(eq(events.id, eventId));
    await tx.insert(deskAudit).values({ userId: viewer.userId, promoterId: row.promoterId, eventId, entity: 'event', entityId: eventId, action: 'update', before: { spectatorSettings: before }, after: { spectatorSettings: after } });
    return { settings: after, changed: true };
  });
  if (result.changed) await revalidateTags([tags.event(eventId)]).catch((err: unknown) => console.error(`[cache] revalidating event ${eventId} failed:`, err instanceof Error ? err.message : err));
  return result;
}
