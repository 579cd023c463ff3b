/**
 * POST livelaps/user/searchUsers (spec §7: name or location, orgId; §5 Trackside search; §3
 * Trackside participant search, Paging state; §4 Participant search): racers of public races
 * in shown events found by name or by location.
 *  - `name` (search type racerIdentifier): every word of the criterion is in the racer's
 *    "first last" name (accents, case and punctuation aside: ./fold.ts), in any order, or the
 *    criterion is their race number (`23a` finds 23A);
 *  - `location` (search type state): every word is in "city state";
 *  - both: racers matching both; `orgId`: only entries in that organization's events (the
 *    one an event names, else its club's).
 * Criteria are cleaned with the contract's `cleanCriterion` (the form's own function); one
 * that cleans to nothing finds nothing, without a query; the route refuses one character.
 *
 * Bounded work per request: the name and place are folded once per participant record (not
 * per entry), the racers are grouped in SQL — by folded name, the grouping the rider keys
 * refine — and only the `SEARCH_RACER_LIMIT` most recently raced groups are read, one row per
 * record, race number and class (the facts a rider key depends on); the query may run for
 * `SEARCH_TIMEOUT_MS` at most (then 503 `service_unavailable`). Each racer once — one person,
 * whatever their race numbers and classes (issue 25 "One rider, one profile":
 * lib/server/riders/person-identity.ts `groupByPerson`) — named by their newest record: its id, name,
 * race number and location; by last name, then first name; `size` per page.
 */
import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { tagRead, tags } from '../cache/tags';
import { cleanCriterion, emptySearchReply, type TracksideParticipant, type TracksideSearchQuery, type TracksideSearchReply } from '../../contracts/trackside';
import { AppError } from '../../errors';
import { getDb } from '../db';
import { entries, events, participants, promoters, races } from '../db/schema';
import { eventShown, organizationEvents } from '../events/visibility';
import { containsPattern, foldedWords, foldSql } from './fold';
import { groupByPerson, personItemsOf } from '../riders/person-identity';
import { locationOf } from './load-racer';
import { raceShown } from '../policy/visibility';

/** Racers (name groups) read at most per search, the most recently raced first. */
export const SEARCH_RACER_LIMIT = 200;

/** How long one search may run in the database (ms): under the client's 5 s. */
export const SEARCH_TIMEOUT_MS = 3000;

/** SQL: every word is in `folded` (a folded text column). */
function allWords(folded: SQL, words: string[]): SQL {
  return sql.join(
    words.map((w) => sql`${folded} like ${containsPattern(w)}`),
    sql` and `,
  );
}

/** One row per participant record, race number and class, with the newest entry under them. */
interface Row extends Record<string, unknown> {
  participantId: number;
  firstName: string;
  lastName: string;
  city: string | null;
  state: string | null;
  licence: string | null;
  raceNumber: string;
  className: string | null;
  startDate: string;
  eventId: number;
  raceOrder: number;
  raceId: number;
  entryId: number;
}

/** Newest first: event date, event, race order, race, entry. */
const newer = (a: Row, b: Row) =>
  b.startDate.localeCompare(a.startDate) || b.eventId - a.eventId || b.raceOrder - a.raceOrder || b.raceId - a.raceId || b.entryId - a.entryId;

/**
 * The racers matching `query` (see the file's docstring), one page of them and the paging
 * state. `options.limit`: racers read at most (`SEARCH_RACER_LIMIT`).
 * @throws AppError `service_unavailable` when the search runs longer than `SEARCH_TIMEOUT_MS`.
 */
export async function searchRacers(query: TracksideSearchQuery, options: { limit?: number } = {}): Promise<TracksideSearchReply> {
  const name = query.name === undefined ? undefined : cleanCriterion(query.name);
  const location = query.location === undefined ? undefined : cleanCriterion(query.location);
  // An empty result means no call and an empty list (spec §5): no query either.
  if (name === '' || location === '' || (name === undefined && location === undefined)) return emptySearchReply();
  const nameWords = name ? foldedWords(name) : [];
  const placeWords = location ? foldedWords(location) : [];
  // Cleaning keeps letters the fold removes (an apostrophe alone): nothing left to look for.
  if ((name && !nameWords.length) || (location && !placeWords.length)) return emptySearchReply();
  // A page listing racers changes when an import or a live race adds one.
  tagRead(tags.events, tags.live);

  const nameFold = foldSql(sql`first_name || ' ' || last_name`);
  // The records matching the words, each folded once (`offset 0` keeps the fold in the subquery).
  const folds = [sql`id`, sql`${nameFold} as name_fold`, ...(placeWords.length ? [sql`${foldSql(sql`coalesce(city, '') || ' ' || coalesce(state, '')`)} as place_fold`] : [])];
  const recordConditions = [
    ...(nameWords.length ? [allWords(sql`name_fold`, nameWords)] : []),
    ...(placeWords.length ? [allWords(sql`place_fold`, placeWords)] : []),
  ];
  const number = name && nameWords.length === 1 ? name.replace(/\s+/g, '').toUpperCase() : null;
  // With a name: the records named so, or (one word) an entry under that race number whose record is in the place.
  const placeOnly = placeWords.length ? [allWords(sql`place_fold`, placeWords)] : [];
  const entryMatch = number
    ? sql`(${entries.participantId} in (select id from named) or (upper(btrim(${entries.raceNumber})) = ${number}${placeWords.length ? sql` and ${entries.participantId} in (select id from placed)` : sql``}))`
    : sql`${entries.participantId} in (select id from named)`;
  const orgCondition = query.orgId !== undefined ? sql` and ${organizationEvents(query.orgId)}` : sql``;
  const limit = options.limit ?? SEARCH_RACER_LIMIT;

  const statement = sql`
    with folded as materialized (
      select ${sql.join(folds, sql`, `)} from ${participants}
    ),
    named as (select id, name_fold from folded where ${sql.join(recordConditions, sql` and `)}),
    placed as (select id from folded${placeOnly.length ? sql` where ${placeOnly[0]}` : sql``}),
    hits as (
      select ${entries.id} as entry_id, ${entries.participantId} as participant_id, ${entries.raceNumber} as race_number, ${entries.classId} as class_id,
             ${events.startDate} as start_date, ${events.id} as event_id, ${races.sortOrder} as race_order, ${races.id} as race_id
      from ${entries}
      join ${races} on ${races.id} = ${entries.raceId} and ${raceShown()}
      join ${events} on ${events.id} = ${races.eventId}
      join ${promoters} on ${promoters.id} = ${events.promoterId}
      where ${eventShown()}${orgCondition} and ${entryMatch}
    ),
    grouped as (
      select h.*, coalesce(n.name_fold, f.name_fold) as name_key
      from hits h left join named n on n.id = h.participant_id left join folded f on f.id = h.participant_id
    ),
    racers as (
      select name_key from grouped group by name_key
      order by max(start_date) desc, max(event_id) desc, name_key
      limit ${limit}
    )
    select distinct on (g.participant_id, g.race_number, g.class_id)
      g.participant_id as "participantId", p.first_name as "firstName", p.last_name as "lastName", p.city, p.state, p.licence,
      g.race_number as "raceNumber", c.name as "className", g.start_date::text as "startDate", g.event_id as "eventId",
      g.race_order as "raceOrder", g.race_id as "raceId", g.entry_id as "entryId"
    from grouped g
    join participants p on p.id = g.participant_id
    left join classes c on c.id = g.class_id
    where g.name_key in (select name_key from racers)
    order by g.participant_id, g.race_number, g.class_id, g.start_date desc, g.event_id desc, g.race_order desc, g.race_id desc, g.entry_id desc`;

  let rows: Row[];
  try {
    rows = await getDb().transaction(async (tx) => {
      await tx.execute(sql.raw(`set local statement_timeout = ${SEARCH_TIMEOUT_MS}`));
      return (await tx.execute<Row>(statement)).rows;
    });
  } catch (err) {
    if (cancelled(err)) throw new AppError('service_unavailable', 'The search took too long. Please try a longer name or place.', { cause: err });
    throw err;
  }

  // One item per person (issue 25): the rider keys, then the same name under other numbers and classes.
  const groups = groupByPerson(await personItemsOf(rows));
  // The newest row of each racer names them.
  const latest = new Map<number, Row>();
  for (const r of rows) {
    const group = groups.get(r.participantId)!;
    const before = latest.get(group);
    if (!before || newer(r, before) < 0) latest.set(group, r);
  }
  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  const racers = [...latest.values()].sort(
    (a, b) => collator.compare(a.lastName, b.lastName) || collator.compare(a.firstName, b.firstName) || a.participantId - b.participantId,
  );
  const totalItems = racers.length;
  const lastPage = Math.max(1, Math.ceil(totalItems / query.size));
  const page = Math.min(query.page, lastPage);
  const slice = racers.slice((page - 1) * query.size, page * query.size);
  const found: TracksideParticipant[] = slice.map((r) => ({
    id: r.participantId,
    racerName: `${r.firstName} ${r.lastName}`.trim(),
    raceNumber: r.raceNumber,
    location: locationOf(r.city, r.state),
  }));
  return { participants: found, meta: { page, lastPage, totalItems, pageCount: slice.length, timeFormat: 1 } };
}

/** A statement cancelled by `statement_timeout` (SQLSTATE 57014), however the driver wraps it. */
function cancelled(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '57014') return true;
  }
  return false;
}
