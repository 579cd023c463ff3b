/**
 * An event's online-registration settings on the promoter's desk (issue 27 "Fees by date (early,
 * regular, late fee after the deadline), set by the promoter in the desk"; the waiting list's
 * offer time, the refund policy, transponder rental, the promoter's own questions, paying at the
 * gate, a selfie before the waiver; spec §6 Online registration): read with the event's desk page,
 * saved as a whole (`events.registration_settings`) in one transaction with its audit record,
 * then the event's pages revalidated on every instance. Policy `event.edit` on the event's
 * promoter: another promoter's event answers like an unknown one (404).
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import type { FieldIssue } from '../../contracts/field-issues';
import { DEFAULT_REGISTRATION_SETTINGS, registrationSettings, registrationWindowIssues, type RegistrationSettings, type RegistrationWindow } from '../../contracts/registration-settings';
import { AppError } from '../../errors';
import { revalidateTags, tags } from '../cache';
import { getDb } from '../db';
import { deskAudit, events } from '../db/schema';
import { assertAllowed, type Viewer } from '../policy';

/** What the desk shows: the settings (defaults filled in) and the event's registration window they must fit. */
export interface DeskRegistrationSettings {
  settings: RegistrationSettings;
  window: RegistrationWindow;
}

/**
 * A 400 `invalid_request` naming the fields at fault: its reply carries `issues: [{ path, code }]`
 * like a failed body check, so the desk's form shows each code under its field.
 */
export class DeskFieldError extends AppError {
  constructor(readonly issues: FieldIssue[]) {
    super('invalid_request', `The request is invalid: ${issues.map((i) => `${i.path.join('.')} (${i.code})`).join(', ')}`);
  }

  override toJSON() {
    return { ...super.toJSON(), issues: this.issues };
  }
}

/** The stored column (possibly partial, or from an older shape) as full settings; what does not pass the contract falls back to the defaults. */
export function registrationSettingsOf(stored: unknown): RegistrationSettings {
  const parsed = registrationSettings.safeParse(stored ?? {});
  return parsed.success ? parsed.data : DEFAULT_REGISTRATION_SETTINGS;
}

/**
 * The registration settings of event `eventId` for `viewer` to edit.
 * @throws AppError `unauthenticated`; `not_found` (unknown, or another promoter's event).
 */
export async function getRegistrationSettings(viewer: Viewer, eventId: number): Promise<DeskRegistrationSettings> {
  const [row] = await getDb()
    .select({ promoterId: events.promoterId, stored: events.registrationSettings, opensOn: events.registrationOpensOn, closesOn: events.registrationClosesOn })
    .from(events)
    .where(eq(events.id, eventId));
  if (!row) throw new AppError(viewer === null ? 'unauthenticated' : 'not_found');
  assertAllowed(viewer, 'event.edit', { promoterId: row.promoterId });
  return { settings: registrationSettingsOf(row.stored), window: { opensOn: row.opensOn, closesOn: row.closesOn } };
}

/**
 * Replaces the registration settings of event `eventId` with `input` (already checked with
 * `deskRegistrationSettingsInput`); the fee dates must also fall inside the event's registration
 * window. Returns what is stored and whether anything changed (nothing is recorded otherwise).
 * @throws AppError `unauthenticated`; `not_found` (unknown, or another promoter's event);
 *   DeskFieldError 400 with `invalid_early_until_window` / `invalid_late_from_window`.
 */
export async function saveRegistrationSettings(viewer: Viewer, eventId: number, input: RegistrationSettings): Promise<DeskRegistrationSettings & { changed: boolean }> {
  if (viewer === null) throw new AppError('unauthenticated');
  const result = await getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({ promoterId: events.promoterId, stored: events.registrationSettings, opensOn: events.registrationOpensOn, closesOn: events.registrationClosesOn })
      .from(events)
      .where(eq(events.id, eventId))
      .for('update');
    if (!row) throw new AppError('not_found');
    assertAllowed(viewer, 'event.edit', { promoterId: row.promoterId });
    const window = { opensOn: row.opensOn, closesOn: row.closesOn };
    const outside = registrationWindowIssues(input, window);
    if (outside.length) throw new DeskFieldError(outside);
    const before = registrationSettingsOf(row.stored);
    const after = registrationSettings.parse(input);
    if (JSON.stringify(before) === JSON.stringify(after)) return { settings: before, window, changed: false };
    await tx.update(events).set({ registrationSettings: after }).where(eq(events.id, eventId));
    await tx.insert(deskAudit).values({ userId: viewer.userId, promoterId: row.promoterId, eventId, entity: 'event', entityId: eventId, action: 'update', before: { registrationSettings: before }, after: { registrationSettings: after } });
    return { settings: after, window, changed: true };
  });
  if (result.changed) await revalidateTags([tags.event(eventId)]).catch((err: unknown) => console.error(`[cache] revalidating event ${eventId} failed:`, err instanceof Error ? err.message : err));
  return result;
}
