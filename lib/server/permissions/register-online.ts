/**
 * GET users/current/hasPermissionRegisterOnline/{id}/{defaultPromoterUserId} (spec §6 Online
 * registration, §7 Permission calls; §4 Registration status).
 */
import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { eventShownJoined } from '../policy/visibility';
import { registrationStatus } from '../../contracts/events';
import type { Permission } from '../../contracts/permissions';
import { getDb } from '../db';
import { events, promoters } from '../db/schema';
// The file itself, not the events index: the proxy bundles this module and needs nothing else.
import { federationDate } from '../../format';

/**
 * 1 when the event may be displayed (it and its promoter public) and its registration status
 * on `today` (YYYY-MM-DD, default the federation's calendar day, America/Toronto) is `open`: online registration
 * enabled (events.registration_open), on or before the closing day (default the day before
 * the start), the event neither complete nor past. Else 0. `defaultPromoterUserId` does not
 * narrow the answer. One query.
 * @throws the database's error (callers take it through `checkPermission`)
 */
export async function canRegisterOnline(id: number, _defaultPromoterUserId?: number, today: string = federationDate()): Promise<Permission> {
  const [event] = await getDb()
    .select({
      registrationOpen: events.registrationOpen,
      registrationClosesOn: events.registrationClosesOn,
      registrationOpensOn: events.registrationOpensOn,
      startDate: events.startDate,
      endDate: events.endDate,
      isComplete: events.isComplete,
    })
    .from(events)
    .innerJoin(promoters, eq(promoters.id, events.promoterId))
    .where(and(eq(events.id, id), eventShownJoined()))
    .limit(1);
  return event && registrationStatus(event, today) === 'open' ? 1 : 0;
}

/**
 * The same §6 Online registration lookup as `/spectator/{id}` asks it (issue 28: "Spectators buy
 * tickets on their phones, often at the gate"): 1 when the event may be displayed, is not
 * cancelled, sells tickets (`events.spectator_settings.enabled`) and its last day (the end date,
 * else the start) is `today` or later; else 0. Ticket sales are not bound to the riders' closing
 * day (by default the day before the start), so a spectator can buy at the gate. One query.
 * @throws the database's error (callers take it through `checkPermission`)
 */
export async function canBuyTickets(id: number, _defaultPromoterUserId?: number, today: string = federationDate()): Promise<Permission> {
  const [event] = await getDb()
    .select({ id: events.id })
    .from(events)
    .innerJoin(promoters, eq(promoters.id, events.promoterId))
    .where(
      and(
        eq(events.id, id),
        eventShownJoined(),
        eq(events.isCancelled, false),
        sql`coalesce((${events.spectatorSettings} ->> 'enabled')::boolean, false)`,
        sql`coalesce(${events.endDate}, ${events.startDate}) >= ${today}::date`,
      ),
    )
    .limit(1);
  return event ? 1 : 0;
}
