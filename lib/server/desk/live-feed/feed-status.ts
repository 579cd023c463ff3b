/**
 * The status of an event's live feed (issue 24 "status (last passing, connected)"): what the feed
 * this process runs is doing, else whether another process holds the event (`busy`), else how the
 * last start here ended (`error`), else `stopped`; with the address (the running one, else the
 * saved one) and the newest passing from the database.
 */
import 'server-only';
import type { DeskLiveStatus } from '../../../contracts/desk-live';
import { getDb } from '../../db';
import { LiveFeedBusyError } from '../../timing/live/ingest';
import { savedAddress } from './address';
import { lastPassingAt } from './last-passing';
import { eventLockHeld } from './lock-holder';
import { feeds } from './registry';

/** The status of event `eventId`'s feed; see the file's docstring. Reads the database (address, newest passing, the event's lock). */
export async function feedStatus(eventId: number): Promise<DeskLiveStatus> {
  const db = getDb();
  const entry = feeds().running.get(eventId);
  const [saved, last, heldElsewhere] = await Promise.all([savedAddress(db, eventId), lastPassingAt(db, eventId), entry ? false : eventLockHeld(db, eventId)]);
  const lastPassing = last?.toISOString() ?? null;
  if (entry && !entry.stopping) {
    return { state: entry.state, host: entry.host, port: entry.port, lastPassingAt: lastPassing, connectedSince: entry.connectedSince?.toISOString() ?? null, error: entry.error };
  }
  const base = { host: saved?.host ?? null, port: saved?.port ?? null, lastPassingAt: lastPassing, connectedSince: null };
  const outcome = feeds().outcomes.get(eventId);
  if (heldElsewhere) return { ...base, state: 'busy', error: outcome?.state === 'busy' ? outcome.error : new LiveFeedBusyError(eventId).message };
  if (outcome?.state === 'error') return { ...base, state: 'error', error: outcome.error };
  return { ...base, state: 'stopped', error: null };
}
