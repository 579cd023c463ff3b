/**
 * A series as the standings engine reads it (spec §3 Series, §4 Series results; issue 9 "the
 * engine"): the series and its promoter, its public events (rounds) in date order, and every
 * result of their public races with the rider's key (./riders.ts), class, class group, brand,
 * positions, state and emergency points, plus the teams of each race with their riders in
 * entry order (`FIRST LAST`). Nine queries whatever the number of events and riders.
 */
import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import { cache } from 'react';
import type { ResultState } from '../../contracts/results';
import { seriesRules, type SeriesEvent, type SeriesRules, type SeriesType } from '../../contracts/series';
import { AppError } from '../../errors';
import { getDb } from '../db';
import { classes, classGroups, entries, events, participants, promoters, races, results, series, seriesEvents, teams } from '../db/schema';
import { eventShown, seriesShown } from '../events/visibility';
import type { EngineEvent, EngineInput, EngineRace } from './engine/types';
import { adoptKnownKeys, inIds, loadIdentity, matchingLicence, nameKey, participantKey, riderKey, type Queryable, type RiderFacts } from './riders';
import { tagRead, tags } from '../cache/tags';
import { raceShown } from '../policy/visibility';

/** The series record (public). */
export interface SeriesRecord {
  id: number;
  name: string;
  /** YYYY-MM-DD */
  startDate: string;
  endDate: string;
  seriesType: SeriesType;
  rules: SeriesRules;
  /** False when the stored rules fail the contract (`rules` are then the defaults, and `loadSeries` refuses the series). */
  rulesValid: boolean;
  promoter: { id: number; userId: number; name: string };
}

/** One result of a counted race, with who rode it (for names, filters, the rider's season). */
export interface LoadedResult {
  raceId: number;
  eventId: number;
  entryId: number;
  participantId: number;
  riderKey: string;
  firstName: string;
  lastName: string;
  city: string | null;
  state: string | null;
  raceNumber: string;
  brand: string | null;
  className: string | null;
  classGroup: string | null;
  position: number | null;
  classPosition: number | null;
  groupPosition: number | null;
  resultState: ResultState;
  emergencyPoints: number | null;
}

export interface LoadedSeries {
  series: SeriesRecord;
  /** Every public event of the series in date order (then id), with its round and whether it has results. */
  events: SeriesEvent[];
  /** The engine's input: every round, its public races in running order, their results and teams. */
  input: EngineInput;
  /** The races' names, by race id. */
  raceNames: Map<number, string>;
  /** Every result, in event order, then race order, then entry id. */
  results: LoadedResult[];
  /** The order of classes and class groups (their sort order, then name): for lists and tables. */
  classOrder: Map<string, number>;
  groupOrder: Map<string, number>;
  /** Every class's group (null: none), by class name. */
  classGroupOf: Map<string, string | null>;
}

/**
 * The public series `seriesId` (it and its promoter public), without its events.
 * @throws AppError `not_found` when unknown or hidden.
 */
export async function loadSeriesRecord(seriesId: number): Promise<SeriesRecord> {
  const [row] = await getDb()
    .select({
      id: series.id,
      name: series.name,
      startDate: series.startDate,
      endDate: series.endDate,
      seriesType: series.seriesType,
      rules: series.rules,
      promoter: { id: promoters.id, userId: promoters.userId, name: promoters.name },
    })
    .from(series)
    .innerJoin(promoters, eq(promoters.id, series.promoterId))
    .where(and(eq(series.id, seriesId), seriesShown()));
  if (!row) throw new AppError('not_found', 'Series not found');
  const parsed = seriesRules.safeParse(row.rules ?? {});
  if (parsed.success) return { ...row, rules: parsed.data, rulesValid: true };
  // Rules edited by hand into something the contract refuses: the server log says which field,
  // and `loadSeries` refuses to compute standings by rules nobody wrote.
  console.error(`series ${seriesId}: its rules are invalid:`, parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  return { ...row, rules: seriesRules.parse({}), rulesValid: false };
}

/**
 * `loadSeriesUncached`, once per server render (React `cache`): a series page asks for its
 * standings and its filters, which both start from the same load. Outside a render (the API,
 * scripts, tests) every call loads afresh.
 */
export const loadSeries = cache(loadSeriesUncached);

/**
 * Loads public series `seriesId` for the engine.
 * @throws AppError `not_found` when the series is unknown or hidden, `race_not_configured` (422) when its stored rules fail the contract.
 */
async function loadSeriesUncached(seriesId: number): Promise<LoadedSeries> {
  tagRead(tags.series(seriesId));
  const record = await loadSeriesRecord(seriesId);
  if (!record.rulesValid) throw new AppError('race_not_configured');
  return loadSeriesFrom(record);
}

/**
 * Runs `queries` (Drizzle queries, which start when awaited) side by side on the pool, one after
 * another on a transaction: one connection, which should not be handed a query while busy.
 */
async function together<T extends readonly unknown[]>(db: Queryable, queries: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  if (db === getDb()) return Promise.all(queries);
  const out: unknown[] = [];
  for (const query of queries) out.push(await query);
  return out as { -readonly [K in keyof T]: Awaited<T[K]> };
}

/**
 * Loads series `record` for the engine with the rules and type it carries: its public events, or
 * the public ones of `only` when given (the desk's preview of rules and rounds not saved yet),
 * read through `db` (a transaction: the desk's preview of a rider merge or split, rolled back).
 */
export async function loadSeriesFrom(record: SeriesRecord, only?: readonly number[], db: Queryable = getDb()): Promise<LoadedSeries> {
  const eventRows =
    only === undefined
      ? await db
          .select({ id: events.id, name: events.name, startDate: events.startDate, hostClub: events.hostClub })
          .from(seriesEvents)
          .innerJoin(events, eq(events.id, seriesEvents.eventId))
          .where(and(eq(seriesEvents.seriesId, record.id), eventShown()))
          .orderBy(asc(events.startDate), asc(events.id))
      : only.length === 0
        ? []
        : await db
            .select({ id: events.id, name: events.name, startDate: events.startDate, hostClub: events.hostClub })
            .from(events)
            .where(and(inIds(events.id, [...only]), eventShown()))
            .orderBy(asc(events.startDate), asc(events.id));
  const eventIds = eventRows.map((e) => e.id);

  const raceRows = eventIds.length
    ? await db
        .select({ id: races.id, eventId: races.eventId, name: races.name })
        .from(races)
        .where(and(inIds(races.eventId, eventIds), raceShown()))
        .orderBy(asc(races.eventId), asc(races.sortOrder), asc(races.id))
    : [];
  const raceIds = raceRows.map((r) => r.id);

  // Results carry ids and numbers only; participants and classes come once each (a rider's
  // name is not sent again for each of their motos).
  const entryOfRace = sql`(select participant_id from ${entries} where ${inIds(entries.raceId, raceIds)})`;
  const [resultRows, participantRows, teamRows, classRows] = await together(db, [
    raceIds.length
      ? db
          .select({
            raceId: results.raceId,
            entryId: entries.id,
            participantId: entries.participantId,
            raceNumber: entries.raceNumber,
            brand: entries.brand,
            teamId: entries.teamId,
            classId: entries.classId,
            position: results.position,
            classPosition: results.classPosition,
            groupPosition: results.groupPosition,
            resultState: results.state,
            emergencyPoints: results.emergencyPoints,
          })
          .from(results)
          .innerJoin(entries, eq(entries.id, results.entryId))
          .where(inIds(results.raceId, raceIds))
      : [],
    raceIds.length
      ? db
          .select({ id: participants.id, firstName: participants.firstName, lastName: participants.lastName, city: participants.city, state: participants.state, licence: matchingLicence })
          .from(participants)
          .where(sql`${participants.id} in ${entryOfRace}`)
      : [],
    raceIds.length
      ? db
          .select({ id: teams.id, raceId: teams.raceId, name: teams.name, position: teams.position, state: teams.state, emergencyPoints: teams.totalEmergencyPoints })
          .from(teams)
          .where(inIds(teams.raceId, raceIds))
          .orderBy(asc(teams.id))
      : [],
    db
      .select({ id: classes.id, name: classes.name, sortOrder: classes.sortOrder, group: classGroups.name, groupSort: classGroups.sortOrder })
      .from(classes)
      .leftJoin(classGroups, eq(classGroups.id, classes.classGroupId))
      .orderBy(asc(classes.sortOrder), asc(classes.name)),
  ]);
  const identity = await loadIdentity(
    participantRows.map((p) => p.id),
    db,
  );

  const raceIndex = new Map(raceRows.map((r, i) => [r.id, i]));
  const raceEvent = new Map(raceRows.map((r) => [r.id, r.eventId]));
  // Running order, then entry order.
  resultRows.sort((a, b) => raceIndex.get(a.raceId)! - raceIndex.get(b.raceId)! || a.entryId - b.entryId);

  const classById = new Map(classRows.map((c) => [c.id, c]));
  const people = new Map(
    participantRows.map((p) => {
      const known = identity.get(p.id);
      const facts: RiderFacts = { link: known?.link ?? null, member: known?.member ?? null, licence: p.licence, firstName: p.firstName, lastName: p.lastName };
      return [p.id, { ...p, facts, fixedKey: participantKey(facts) }];
    }),
  );
  // A name key depends on the entry's number and class: computed once per combination.
  const nameKeys = new Map<string, string>();
  const keyOf = (participantId: number, raceNumber: string, className: string | null) => {
    const person = people.get(participantId)!;
    if (person.fixedKey) return person.fixedKey;
    const id = `${participantId}\u0000${raceNumber}\u0000${className ?? ''}`;
    let key = nameKeys.get(id);
    if (key === undefined) nameKeys.set(id, (key = riderKey(person.facts, { raceNumber, className })));
    return key;
  };

  // Riders of each team in entry order, as the association lists them (`RYAN CANAVAN`).
  const teamRiders = new Map<number, string[]>();
  const loaded: LoadedResult[] = resultRows.map((r) => {
    const person = people.get(r.participantId)!;
    const cls = r.classId === null ? undefined : classById.get(r.classId);
    const className = cls?.name ?? null;
    if (r.teamId !== null) {
      const list = teamRiders.get(r.teamId) ?? [];
      list.push(`${person.firstName} ${person.lastName}`.replace(/\s+/g, ' ').trim());
      teamRiders.set(r.teamId, list);
    }
    return {
      raceId: r.raceId,
      eventId: raceEvent.get(r.raceId)!,
      entryId: r.entryId,
      participantId: r.participantId,
      riderKey: keyOf(r.participantId, r.raceNumber, className),
      firstName: person.firstName,
      lastName: person.lastName,
      city: person.city,
      state: person.state,
      raceNumber: r.raceNumber,
      brand: r.brand,
      className,
      classGroup: cls?.group ?? null,
      position: r.position,
      classPosition: r.classPosition,
      groupPosition: r.groupPosition,
      resultState: r.resultState,
      emergencyPoints: r.emergencyPoints,
    };
  });

  // An entry known only by name, number and class joins the member (or licence holder) who
  // raced under them in this series (a timing import of a member's race).
  const adopted = adoptKnownKeys(loaded.map((r) => ({ key: r.riderKey, nameKey: nameKey(r.firstName, r.lastName, r.raceNumber, r.className) })));
  loaded.forEach((r, i) => (r.riderKey = adopted[i]));

  const engineRaces = new Map<number, EngineRace>();
  const orderInEvent = new Map<number, number>();
  for (const r of raceRows) {
    const order = orderInEvent.get(r.eventId) ?? 0;
    orderInEvent.set(r.eventId, order + 1);
    engineRaces.set(r.id, { id: r.id, order, results: [], teams: [] });
  }
  for (const r of loaded) {
    engineRaces.get(r.raceId)!.results.push({
      riderKey: r.riderKey,
      className: r.className,
      classGroup: r.classGroup,
      position: r.position,
      classPosition: r.classPosition,
      groupPosition: r.groupPosition,
      state: r.resultState,
      emergencyPoints: r.emergencyPoints,
    });
  }
  for (const t of teamRows) {
    engineRaces.get(t.raceId)?.teams.push({ name: t.name, position: t.position, state: t.state, emergencyPoints: t.emergencyPoints, riders: teamRiders.get(t.id) ?? [] });
  }

  const engineEvents: EngineEvent[] = eventRows.map((e) => ({
    id: e.id,
    name: e.name,
    startDate: e.startDate,
    hostClub: e.hostClub?.trim() || null,
    races: raceRows.filter((r) => r.eventId === e.id).map((r) => engineRaces.get(r.id)!),
  }));
  const held = new Set(loaded.map((r) => r.eventId));

  const classOrder = new Map<string, number>();
  const groupOrder = new Map<string, number>();
  classRows.forEach((c, i) => classOrder.set(c.name, i));
  [...classRows]
    .filter((c) => c.group !== null)
    .sort((a, b) => (a.groupSort ?? 0) - (b.groupSort ?? 0) || a.group!.localeCompare(b.group!))
    .forEach((c) => groupOrder.has(c.group!) || groupOrder.set(c.group!, groupOrder.size));

  return {
    series: record,
    events: eventRows.map((e, i) => ({ id: e.id, name: e.name, startDate: e.startDate, held: held.has(e.id), round: i + 1 })),
    input: { rules: record.rules, seriesType: record.seriesType, events: engineEvents },
    raceNames: new Map(raceRows.map((r) => [r.id, r.name])),
    results: loaded,
    classOrder,
    groupOrder,
    classGroupOf: new Map(classRows.map((c) => [c.name, c.group])),
  };
}

/**
 * The rounds as they stood after round `index` (0-based): the later rounds kept, without
 * their races (not held yet), so drops count as they did on that date (`dropScores` counts
 * every round of the series, held or not).
 */
export function throughRound(events: EngineEvent[], index: number): EngineEvent[] {
  return events.map((e, i) => (i <= index ? e : { ...e, races: [] }));
}
