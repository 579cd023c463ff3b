/**
 * The event of an `/events/{id?}`-style page when the visitor may see it (spec §6 Event
 * display): the pages' own check, kept behind the proxy's as a safety net.
 */
import 'server-only';
import { parseOptionalId } from '../../contracts/ids';
import { getEvent, type EventDetails } from '../events';
import { permitted } from './check';
import { canDisplayEvent } from './display-event';

/**
 * The event of the route's optional-id segments, or null with no id, a malformed one, or when
 * hasPermissionDisplayEvent is not 1 or fails (the page then goes to the default promoter's
 * results). A database outage is rethrown (503).
 */
export async function displayableEvent(segments: string[] | undefined): Promise<EventDetails | null> {
  const id = parseOptionalId(segments);
  return id !== null && (await permitted(() => canDisplayEvent(id))) ? getEvent(id) : null;
}
