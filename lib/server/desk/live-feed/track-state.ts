/**
 * The connection states of a running feed as the desk shows them (issue 24 "status (… connected)"):
 * the feed client's `connecting` / `connected` / `disconnected` (lib/server/timing/live/client.ts)
 * become `connecting` until a first connection, `connected` with the time it came up, and
 * `reconnecting` after a drop; the reason a connection failed is kept until the next one comes up.
 */
import 'server-only';
import type { FeedState } from '../../timing/live/client';
import type { RunningFeed } from './registry';

/** Applies one state change of the feed client to `entry` (`detail`: the client's reason for a drop). */
export function trackState(entry: RunningFeed, state: FeedState, detail?: string, now: Date = new Date()): void {
  if (state === 'connected') {
    entry.state = 'connected';
    entry.everConnected = true;
    entry.connectedSince = now;
    entry.error = null;
    return;
  }
  entry.connectedSince = null;
  entry.state = entry.everConnected ? 'reconnecting' : 'connecting';
  // `closed`: the feed itself closed the connection (stopping), not a failure.
  if (state === 'disconnected' && detail && detail !== 'closed') entry.error = detail;
}
