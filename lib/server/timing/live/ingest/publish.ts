/**
 * Publishing (the header of ./index.ts, "Publishing"): after each committed write a `live`
 * message on the bus per race written, and the cache tags it touched revalidated — `race:{id}`
 * and `live` always; `event:{id}` and `events` when a race was created or its live state
 * changed; the series holding the event (`series:{id}`) when a session finished.
 */
import type { LiveState } from '../../../../contracts/live';
import { seriesOfEvents } from '../../../cache/series-of-events';
import { revalidateTags, tags } from '../../../cache/tags';
import { errorText } from './error-text';
import type { IngestState } from './state';

/** What a committed write changed in one race. */
export interface RaceChange {
  raceId: number;
  seq: number;
  state: LiveState;
  /** Created, or its live state changed (the event's page and the lists show it). */
  stateChanged: boolean;
  /** Its session finished with this write. */
  finished: boolean;
}

/** Publishes what a committed write changed (see the file's docstring). Never throws: a failed publish or series lookup is logged. */
export async function publish(state: IngestState, changes: RaceChange[]): Promise<void> {
  const { bus, eventId, log } = state;
  if (!changes.length) return;
  try {
    if (bus) for (const c of changes) await bus.publish({ type: 'live', raceId: c.raceId, eventId, seq: c.seq, state: c.state });
  } catch (err) {
    log(`publish failed: ${errorText(err)}`);
  }
  const names: string[] = [...changes.map((c) => tags.race(c.raceId)), tags.live];
  if (changes.some((c) => c.stateChanged)) names.push(tags.event(eventId), tags.events);
  if (changes.some((c) => c.finished)) {
    try {
      names.push(...(await seriesOfEvents(state.db, [eventId])).map(tags.series));
    } catch (err) {
      log(`series lookup failed: ${errorText(err)}`);
    }
  }
  await revalidateTags(names);
}
