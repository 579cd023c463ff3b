/**
 * A rider merge or split written through a transaction (issue 24; spec §3 Series table): what
 * `npm run riders -- merge | split` does (lib/server/series/riders.ts), shared by the desk's
 * preview (rolled back) and its confirm (committed), so both write the same keys.
 */
import 'server-only';
import type { RidersChange } from '../../../contracts/desk-riders';
import type { Tx } from '../../db';
import { mergeRiders, splitRider, type RiderChange } from '../../series/riders';

/**
 * Merges `change.participantIds` into one rider (`rider:<lowest id>`, with every record sharing a
 * key with one of them) or splits `change.participantIds[0]` out of its rider (`split:<id>`), in `tx`.
 * @throws Error when a participant is unknown (check them first: `assertSeriesParticipants`).
 */
export function writeRiders(tx: Tx, change: RidersChange): Promise<RiderChange> {
  return change.action === 'merge' ? mergeRiders(change.participantIds, tx) : splitRider(change.participantIds[0]!, tx);
}
