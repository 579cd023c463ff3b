/**
 * An event's registration settings as the promoter set them (issue 27; lib/contracts/registration-
 * settings.ts): fees by date, gate payment, a selfie before the waiver, waiting-list offers,
 * refunds, transponders, questions; anything never set takes its default. Cached and tagged with
 * the event (the desk's save revalidates it).
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import { DEFAULT_REGISTRATION_SETTINGS, registrationSettings, type RegistrationSettings } from '../../contracts/registration-settings';
import { tagRead, tags } from '../cache/tags';
import { getDb } from '../db';
import { events } from '../db/schema';

/** The settings of event `eventId` (defaults for an unknown event or a value that no longer passes the contract). */
export async function getRegistrationSettings(eventId: number): Promise<RegistrationSettings> {
  tagRead(tags.event(eventId));
  const [row] = await getDb().select({ settings: events.registrationSettings }).from(events).where(eq(events.id, eventId));
  const parsed = registrationSettings.safeParse(row?.settings ?? {});
  return parsed.success ? parsed.data : DEFAULT_REGISTRATION_SETTINGS;
}
