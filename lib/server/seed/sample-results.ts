/**
 * Results for the past sample events of the current season (issue 9: the series pages need
 * standings; spec §3 Race, Race results columns, Series): every public sample event of the
 * seed date's year that is over and has no race yet — the rounds of the motocross
 * championship and of the Northline Enduro Cup, the quad cross-country and hare scramble
 * rounds — gets the races, entries and results of `planEventResults`, in one transaction.
 * Races are not imports (`races.import_id` null) and every new row belongs to sample events,
 * so `DELETE FROM events WHERE is_sample` removes them with the events.
 *
 * The riders are the sample participants (found by name) with the class, race number and
 * brand of their season (`sampleParticipants()`). One round, the motocross championship's
 * second (`EventSeed.resultsAsImport`: Renfrew Motocross), arrives as a timing import would
 * give it: each entry gets a new participant record (sample, no membership) with the rider's
 * name and home town, and the rider's number and class — the standings must match these
 * riders by name, number and class, the other rounds' riders by member number.
 */
import { and, asc, eq, gte, inArray, lt, lte, notExists, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { classes, entries, eventClasses, events, participants, races, results } from '../db/schema';
import { EVENTS } from './sample-data';
import { resultsSeason, sampleParticipants } from './sample-plan';
import { planEventResults, riderSkills, type PlannedResultRace, type ResultsRider } from './sample-results-plan';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface SampleResultsSummary {
  events: number;
  races: number;
  results: number;
  /** The events whose results came as a timing import would give them (new participant records). */
  importedEvents: { id: number; name: string }[];
}

/** Rows per insert: far under PostgreSQL's 65,535 bind parameters at ≤ 20 columns. */
const CHUNK = 1000;
async function insertChunks<T, R>(rows: T[], insert: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(...(await insert(rows.slice(i, i + CHUNK))));
  return out;
}

/** The past public sample events of the results season (`resultsSeason`) without races, in date order. */
async function pastSampleEvents(tx: Tx, today: string) {
  const year = resultsSeason(today);
  return tx
    .select({ id: events.id, name: events.name, startDate: events.startDate, discipline: events.discipline, trackLengthKm: events.trackLengthKm })
    .from(events)
    .where(
      and(
        eq(events.isSample, true),
        eq(events.isPublic, true),
        gte(events.startDate, `${year}-01-01`),
        lte(events.startDate, `${year}-12-31`),
        lt(sql`coalesce(${events.endDate}, ${events.startDate})`, today),
        notExists(tx.select({ one: sql`1` }).from(races).where(eq(races.eventId, events.id))),
      ),
    )
    .orderBy(asc(events.startDate), asc(events.id));
}

/**
 * Writes the results of the past sample events for `today` (YYYY-MM-DD) that have none.
 * Idempotent: an event with races (written here before, or imported) is left alone.
 * @returns what was written (zero events when there is nothing to do).
 */
export async function seedSampleResults(db: Db, today: string): Promise<SampleResultsSummary> {
  return db.transaction(async (tx) => {
    // Two starts at once: the second waits here, then finds the first one's races.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('ll:seed-sample-results', 0))`);
    const summary: SampleResultsSummary = { events: 0, races: 0, results: 0, importedEvents: [] };
    const past = await pastSampleEvents(tx, today);
    if (!past.length) return summary;

    const offered = await tx
      .select({ eventId: eventClasses.eventId, name: classes.name })
      .from(eventClasses)
      .innerJoin(classes, eq(classes.id, eventClasses.classId))
      .where(inArray(eventClasses.eventId, past.map((e) => e.id)))
      .orderBy(asc(eventClasses.eventId), asc(eventClasses.sortOrder), asc(classes.id));

    // The sample riders as seeded (first record of each name: later ones are imported copies).
    const plan = sampleParticipants();
    const skills = riderSkills(plan);
    const stored = await tx
      .select({ id: participants.id, firstName: participants.firstName, lastName: participants.lastName })
      .from(participants)
      .where(eq(participants.isSample, true))
      .orderBy(asc(participants.id));
    const idByName = new Map<string, number>();
    for (const p of stored) if (!idByName.has(`${p.firstName} ${p.lastName}`)) idByName.set(`${p.firstName} ${p.lastName}`, p.id);
    const riders: ResultsRider[] = plan.map((rider, participant) => ({ participant, rider })).filter(({ rider }) => idByName.has(`${rider.firstName} ${rider.lastName}`));
    const participantId = (i: number) => idByName.get(`${plan[i].firstName} ${plan[i].lastName}`)!;

    const planned: { eventId: number; asImport: boolean; race: PlannedResultRace; sortOrder: number }[] = [];
    for (const event of past) {
      const seed = EVENTS.find((e) => e.name === event.name);
      if (!seed) continue;
      const eventRaces = planEventResults(
        { ...event, classes: offered.filter((o) => o.eventId === event.id).map((o) => o.name), heats: seed.heats },
        riders,
        skills,
      );
      if (!eventRaces.length) continue;
      summary.events += 1;
      if (seed.resultsAsImport) summary.importedEvents.push({ id: event.id, name: event.name });
      eventRaces.forEach((race, sortOrder) => planned.push({ eventId: event.id, asImport: !!seed.resultsAsImport, race, sortOrder }));
    }
    if (!planned.length) return summary;

    const raceRows = await tx
      .insert(races)
      .values(planned.map(({ eventId, race, sortOrder }) => ({ eventId, name: race.name, runNumber: race.runNumber, kind: race.kind, sortOrder, startTime: race.startTime, config: race.config })))
      .returning({ id: races.id });

    const classRows = await tx.select({ id: classes.id, name: classes.name }).from(classes);
    const classId = new Map(classRows.map((c) => [c.name, c.id]));

    // The imported round: a new participant record per entry, as the importers write them.
    const imported = planned.flatMap((p, i) => (p.asImport ? p.race.entries.map((e) => ({ race: i, entry: e })) : []));
    const importedIds = await insertChunks(imported, (chunk) =>
      tx
        .insert(participants)
        .values(chunk.map(({ entry }) => ({ ...pick(plan[entry.participant]), isSample: true })))
        .returning({ id: participants.id }),
    );
    const importedId = new Map(imported.map(({ race, entry }, i) => [`${race}|${entry.sourceKey}`, importedIds[i].id]));

    const flat = planned.flatMap((p, i) => p.race.entries.map((e) => ({ race: i, asImport: p.asImport, e })));
    const entryIds = await insertChunks(flat, (chunk) =>
      tx
        .insert(entries)
        .values(
          chunk.map(({ race, asImport, e }) => ({
            raceId: raceRows[race].id,
            participantId: asImport ? importedId.get(`${race}|${e.sourceKey}`)! : participantId(e.participant),
            sourceKey: e.sourceKey,
            raceNumber: e.raceNumber,
            classId: classId.get(e.className) ?? null,
            brand: e.brand,
            gridPosition: e.gridPosition,
            gridLabel: e.gridLabel,
          })),
        )
        .returning({ id: entries.id }),
    );
    const resultRows = flat.map(({ race, e }, k) => ({ raceId: raceRows[race].id, entryId: entryIds[k].id, ...e.result }));
    await insertChunks(resultRows, async (chunk) => {
      await tx.insert(results).values(chunk);
      return [];
    });
    summary.races = planned.length;
    summary.results = resultRows.length;
    return summary;
  });
}

function pick(p: { firstName: string; lastName: string; city: string; state: string; country: string }) {
  return { firstName: p.firstName, lastName: p.lastName, city: p.city, state: p.state, country: p.country };
}
