/**
 * The timing system's address per event (issue 24 "Live feed: host and port per event"; table
 * `live_feeds`, the one `npm run live -- --host H --port P` saves and `--event ID` alone reads).
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { liveFeeds } from '../../db/schema';

/** An event's saved address. */
export interface FeedAddress {
  host: string;
  port: number;
}

/** The address saved for event `eventId`, or null. */
export async function savedAddress(db: Db, eventId: number): Promise<FeedAddress | null> {
  const [row] = await db.select({ host: liveFeeds.host, port: liveFeeds.port }).from(liveFeeds).where(eq(liveFeeds.eventId, eventId));
  return row ?? null;
}

/** Saves `address` for event `eventId` (inserted, or replacing the one saved), as the CLI does. */
export async function saveAddress(db: Db, eventId: number, { host, port }: FeedAddress): Promise<void> {
  await db
    .insert(liveFeeds)
    .values({ eventId, host, port })
    .onConflictDoUpdate({ target: liveFeeds.eventId, set: { host, port, updatedAt: new Date() } });
}
