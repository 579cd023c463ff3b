/**
 * Who may be seen (spec §6 Event display, Promoter display): the visibility rule lives in the
 * policy (lib/server/policy/visibility.ts, issue 22); re-exported here for the event queries.
 * `organizationEvents` is the organization scope of an event list, not a visibility rule.
 */
import 'server-only';
import { and, eq, isNull, or } from 'drizzle-orm';
import { events, promoters } from '../db/schema';

export { eventShown, seriesShown } from '../policy/visibility';

/**
 * SQL: the event of the current row belongs to organization `id`: the one it names
 * (events.organization_id), else its club's (needs `promoters` joined).
 */
export function organizationEvents(id: number) {
  return or(eq(events.organizationId, id), and(isNull(events.organizationId), eq(promoters.organizationId, id)));
}
