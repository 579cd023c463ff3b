/**
 * POST livelaps/user/searchUsers (spec §7: name or location, orgId; §5 Trackside search; §3
 * Trackside participant search, Paging state; §4 Participant search): racers of public races
 * in shown events found by name or by location.
 *  - `name` (search type racerIdentifier): the first name, last name or full name in either
 *    order contains the criterion (accents, case and punctuation aside: ./fold.ts), or the
 *    race number equals it (`23a` finds 23A);
 *  - `location` (search type state): "city state" contains it;
 *  - both: racers matching both; `orgId`: only entries in that organization's events (the
 *    one an event names, else its club's).
 * Criteria are cleaned with the contract's `cleanCriterion` (the form's own function); one
 * that cleans to nothing finds nothing, without a query. Each racer once (records grouped as
 * ./racer-identity.ts groups them), named by their latest record: its id, name, race number
 * and location; by last name, then first name; `size` per page.
 */
import 'server-only';
import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import { tagRead, tags } from '../cache/tags';
import { cleanCriterion, emptySearchReply, type TracksideParticipant, type TracksideSearchQuery, type TracksideSearchReply } from '../../contracts/trackside';
import { getDb } from '../db';
import { classes, entries, events, participants, promoters, races } from '../db/schema';
import { eventShown, organizationEvents } from '../events/visibility';
import { containsPattern, foldSql, foldText } from './fold';
import { groupByRider, riderKeysOf } from './racer-identity';
import { locationOf } from './load-racer';

/** Entries read at most per search (a criterion of two letters in a large database). */
export const SEARCH_ROW_LIMIT = 20_000;

function nameMatch(criterion: string): SQL {
  const needle = containsPattern(foldText(criterion));
  const full = foldSql(sql`${participants.firstName} || ' ' || ${participants.lastName}`);
  const reversed = foldSql(sql`${participants.lastName} || ' ' || ${participants.firstName}`);
  const number = criterion.replace(/\s+/g, '').toUpperCase();
  return or(sql`${full} like ${needle}`, sql`${reversed} like ${needle}`, sql`upper(btrim(${entries.raceNumber})) = ${number}`)!;
}

function locationMatch(criterion: string): SQL {
  return sql`${foldSql(sql`coalesce(${participants.city}, '') || ' ' || coalesce(${participants.state}, '')`)} like ${containsPattern(foldText(criterion))}`;
}

/** The racers matching `query` (see the file's docstring), one page of them and the paging state. */
export async function searchRacers(query: TracksideSearchQuery): Promise<TracksideSearchReply> {
  const name = query.name === undefined ? undefined : cleanCriterion(query.name);
  const location = query.location === undefined ? undefined : cleanCriterion(query.location);
  // An empty result means no call and an empty list (spec §5): no query either.
  if (name === '' || location === '' || (name === undefined && location === undefined)) return emptySearchReply();
  // A page listing racers changes when an import or a live race adds one.
  tagRead(tags.events, tags.live);
  const conditions: SQL[] = [eventShown()];
  if (name) conditions.push(nameMatch(name));
  if (location) conditions.push(locationMatch(location));
  if (query.orgId !== undefined) conditions.push(organizationEvents(query.orgId)!);
  const rows = await getDb()
    .select({
      participantId: participants.id,
      firstName: participants.firstName,
      lastName: participants.lastName,
      city: participants.city,
      state: participants.state,
      licence: participants.licence,
      raceNumber: entries.raceNumber,
      className: classes.name,
    })
    .from(entries)
    .innerJoin(participants, eq(participants.id, entries.participantId))
    .innerJoin(races, and(eq(races.id, entries.raceId), eq(races.isPublic, true)))
    .innerJoin(events, eq(events.id, races.eventId))
    .innerJoin(promoters, eq(promoters.id, events.promoterId))
    .leftJoin(classes, eq(classes.id, entries.classId))
    .where(and(...conditions))
    .orderBy(asc(events.startDate), asc(events.id), asc(races.sortOrder), asc(races.id), asc(entries.id))
    .limit(SEARCH_ROW_LIMIT);

  const keys = await riderKeysOf(rows);
  const groups = groupByRider(rows.map((r, i) => ({ participantId: r.participantId, key: keys[i] })));
  // Rows come oldest first: the last row of a group is the racer's latest record.
  const latest = new Map<number, (typeof rows)[number]>();
  for (const r of rows) latest.set(groups.get(r.participantId)!, r);
  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  const racers = [...latest.values()].sort(
    (a, b) => collator.compare(a.lastName, b.lastName) || collator.compare(a.firstName, b.firstName) || a.participantId - b.participantId,
  );
  const totalItems = racers.length;
  const lastPage = Math.max(1, Math.ceil(totalItems / query.size));
  const page = Math.min(query.page, lastPage);
  const slice = racers.slice((page - 1) * query.size, page * query.size);
  const participantsFound: TracksideParticipant[] = slice.map((r) => ({
    id: r.participantId,
    racerName: `${r.firstName} ${r.lastName}`.trim(),
    raceNumber: r.raceNumber,
    location: locationOf(r.city, r.state),
  }));
  return { participants: participantsFound, meta: { page, lastPage, totalItems, pageCount: slice.length, timeFormat: 1 } };
}
