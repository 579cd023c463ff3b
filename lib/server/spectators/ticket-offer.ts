/**
 * What the public event page says about spectator tickets (issue 28 "Buy tickets" on the event
 * page; spec §2 /spectator/{id?}, §4 Spectator registration): whether the event sells them, its
 * age bands' prices, the lowest paid price and the age under which children are free. A cached
 * read tagged with the event (`event:{id}`), revalidated when the desk saves the settings.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import { spectatorSettings, type SpectatorBand } from '../../contracts/spectator-settings';
import { cachedRead } from '../cache/read-cache';
import { tagRead, tags } from '../cache/tags';
import { getDb } from '../db';
import { events } from '../db/schema';

/** Tickets on sale for an event: the bands (by age, in order), the lowest price above 0 (cents; null when all are free), the free age. */
export interface TicketOffer {
  bands: SpectatorBand[];
  fromCents: number | null;
  freeUnderAge: number;
}

/** The ticket offer of event `eventId`, or null when it sells none (no check of the event's visibility: the page has done it). */
export const getTicketOffer = cachedRead('getTicketOffer', async function getTicketOffer(eventId: number): Promise<TicketOffer | null> {
  tagRead(tags.event(eventId));
  const [row] = await getDb().select({ stored: events.spectatorSettings, cancelled: events.isCancelled }).from(events).where(eq(events.id, eventId));
  if (!row || row.cancelled) return null;
  const parsed = spectatorSettings.safeParse(row.stored ?? {});
  if (!parsed.success || !parsed.data.enabled) return null;
  const bands = [...parsed.data.bands].sort((a, b) => a.minAge - b.minAge);
  const paid = bands.filter((b) => b.priceCents > 0 && (b.minAge >= parsed.data.freeUnderAge || bands.length === 1)).map((b) => b.priceCents);
  return { bands, fromCents: paid.length ? Math.min(...paid) : null, freeUnderAge: parsed.data.freeUnderAge };
});
