/**
 * Writes the sample data around the real results (issue 8 "seed the default organization …";
 * spec §1 the federation, §3 Event, Registration, Series): the plan of `sample-plan.ts` for
 * the seed's date, in one transaction, every row marked `is_sample = true` (how the admin
 * tells sample data from an organization's own). Seeded once: skipped when sample rows exist,
 * or when the site already has promoters of its own besides the default one.
 *
 * Series are written with their rules as data (`series.rules`; `SERIES` in sample-data.ts);
 * the results of the past events come in a step of their own (`sample-results.ts`).
 *
 * Classes are shared by name with the importers (unique per organization; an import takes the
 * event organization's class, else one without organization): a class the real files created
 * (the Pine Hill enduro classes AA, A 250 …) becomes the sample organization's and is completed
 * where empty (group, description, ages, order), keeping `is_sample = false`, since real results
 * use it.
 */
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db';
import {
  classes,
  classGroups,
  entries,
  eventClasses,
  events,
  membershipTypes,
  memberships,
  organizations,
  participants,
  promoters,
  races,
  registrations,
  series,
  seriesEvents,
} from '../db/schema';
import type { ResultColumn } from '../../contracts/results';
import { buildSamplePlan, resultsSeason, type SamplePlan } from './sample-plan';
import { CLASS_GROUPS, CLUBS, EVENTS, HIDDEN_EVENT_NAME, ICE_RACE_NAME, MEMBERSHIP_TYPES, SECOND_ORGANIZATION, SERIES, type OrgKey } from './sample-data';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Facts about the sample data that tests and checks rely on. */
export const SAMPLE = {
  /** Promoter user ids of the federation's clubs. */
  clubUserIds: CLUBS.filter((c) => c.org === 'federation').map((c) => c.userId),
  /** The club hidden from visitors (`is_public = false`). */
  hiddenClubUserId: CLUBS.find((c) => !c.isPublic)!.userId,
  secondOrganizationName: SECOND_ORGANIZATION.name,
  secondOrganizationClubUserIds: CLUBS.filter((c) => c.org === 'second').map((c) => c.userId),
  /** The event hidden from visitors (current season only). */
  hiddenEventName: HIDDEN_EVENT_NAME,
  /** The indoor ice race early in December of the current season (start grid while upcoming). */
  iceRaceName: ICE_RACE_NAME,
  /**
   * The round whose past results arrive as a timing import would give them (new participant
   * records without membership; `sample-results.ts`): Renfrew Motocross, the motocross
   * championship's second round.
   */
  resultsAsImportEventName: EVENTS.find((e) => e.resultsAsImport)!.name,
  /** Events with online registration enabled in the next season. */
  openRegistrationEventNames: EVENTS.filter((e) => e.nextSeasonRegistration).map((e) => e.name),
  /** The one of them whose registration already closed on the seed's date. */
  closedRegistrationEventName: EVENTS.find((e) => e.nextSeasonRegistration?.alreadyClosed)!.name,
  /** The series hidden from visitors, for the season `year` it belongs to (the next one). */
  hiddenSeriesName: (year: number) => SERIES.find((s) => !s.isPublic)!.name(year),
  /** The seeded series' names for a seed made on `today` (the championships of the results season, `resultsSeason`). */
  seriesNamesOn: (today: string) => SERIES.map((s) => s.name(s.season === 'current' ? resultsSeason(today) : Number(today.slice(0, 4)) + 1)),
  classGroupNames: CLASS_GROUPS.map((g) => g.name),
} as const;

const GRID_RACE_COLUMNS: ResultColumn[] = ['position', 'number', 'name', 'brand', 'laps', 'lastLap', 'bestLap', 'totalTime', 'gap', 'state'];

/** Rows of one insert per statement at most (bind parameters stay far under 65,535). */
const CHUNK = 500;
async function insertAll<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** True when sample data was seeded before, or the site has promoters of its own. */
async function alreadyHasData(tx: Tx, promoterUserId: number): Promise<boolean> {
  const [promoter] = await tx
    .select({ id: promoters.id })
    .from(promoters)
    .where(or(eq(promoters.isSample, true), ne(promoters.userId, promoterUserId)))
    .limit(1);
  if (promoter) return true;
  const [org] = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.isSample, true)).limit(1);
  return !!org;
}

export interface SampleSummary {
  organizations: number;
  clubs: number;
  classes: number;
  events: number;
  participants: number;
  registrations: number;
  memberships: number;
  series: number;
  gridEventId: number;
}

/**
 * Seeds the sample data for `today` (YYYY-MM-DD) once, in one transaction.
 * @returns what was written, or null when skipped (already seeded, promoters of the site's
 *   own, or a default promoter without organization).
 */
export async function seedSampleData(db: Db, promoterUserId: number, today: string): Promise<SampleSummary | null> {
  return db.transaction(async (tx) => {
    // Two starts at once: the second waits here, then finds the first one's rows.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('ll:seed-sample', 0))`);
    if (await alreadyHasData(tx, promoterUserId)) return null;
    const [federation] = await tx.select({ organizationId: promoters.organizationId }).from(promoters).where(eq(promoters.userId, promoterUserId));
    if (!federation?.organizationId) return null;
    return writePlan(tx, buildSamplePlan(today), federation.organizationId);
  });
}

async function writePlan(tx: Tx, plan: SamplePlan, federationId: number): Promise<SampleSummary> {
  const [second] = await tx
    .insert(organizations)
    .values({ ...SECOND_ORGANIZATION, isSample: true })
    .returning({ id: organizations.id });
  const orgIds: Record<OrgKey, number> = { federation: federationId, second: second.id };

  const clubRows = await tx
    .insert(promoters)
    .values(CLUBS.map(({ org, ...club }) => ({ ...club, organizationId: orgIds[org], isSample: true })))
    .returning({ id: promoters.id, userId: promoters.userId });
  const promoterId = new Map(clubRows.map((r) => [r.userId, r.id]));

  // Class groups and classes: reuse a row of the same name, completing what is empty.
  const classId = new Map<string, number>();
  for (const group of CLASS_GROUPS) {
    const [groupRow] = await tx
      .insert(classGroups)
      .values({ name: group.name, organizationId: orgIds[group.org], sortOrder: group.sortOrder, isSample: true })
      .onConflictDoUpdate({
        target: classGroups.name,
        set: { organizationId: sql`coalesce(${classGroups.organizationId}, excluded.organization_id)` },
      })
      .returning({ id: classGroups.id });
    // A class the real files created (no organization) becomes this organization's, unless it has its own already.
    await tx
      .update(classes)
      .set({ organizationId: orgIds[group.org] })
      .where(
        and(
          isNull(classes.organizationId),
          inArray(
            classes.name,
            group.classes.map((cls) => cls.name),
          ),
          sql`not exists (select 1 from classes mine where mine.organization_id = ${orgIds[group.org]} and mine.name = classes.name)`,
        ),
      );
    const rows = await tx
      .insert(classes)
      .values(
        group.classes.map((cls, i) => ({
          name: cls.name,
          classGroupId: groupRow.id,
          organizationId: orgIds[group.org],
          description: cls.description,
          descriptions: cls.descriptions,
          minAge: cls.minAge,
          maxAge: cls.maxAge,
          sortOrder: i + 1,
          isSample: true,
        })),
      )
      .onConflictDoUpdate({
        target: [classes.organizationId, classes.name],
        set: {
          classGroupId: sql`coalesce(${classes.classGroupId}, excluded.class_group_id)`,
          description: sql`coalesce(nullif(btrim(${classes.description}), ''), excluded.description)`,
          // Translations of the seed's text, unless the class has its own text or translations.
          descriptions: sql`case when ${classes.descriptions} = '{}'::jsonb and (nullif(btrim(${classes.description}), '') is null or ${classes.description} = excluded.description) then excluded.descriptions else ${classes.descriptions} end`,
          minAge: sql`case when ${classes.minAge} is null and ${classes.maxAge} is null then excluded.min_age else ${classes.minAge} end`,
          maxAge: sql`case when ${classes.minAge} is null and ${classes.maxAge} is null then excluded.max_age else ${classes.maxAge} end`,
          sortOrder: sql`case when ${classes.sortOrder} = 0 then excluded.sort_order else ${classes.sortOrder} end`,
        },
      })
      .returning({ id: classes.id, name: classes.name });
    for (const r of rows) classId.set(r.name, r.id);
  }

  const participantIds: number[] = [];
  await insertAll(plan.participants, async (chunk) => {
    const rows = await tx
      .insert(participants)
      .values(chunk.map((p) => ({ firstName: p.firstName, lastName: p.lastName, city: p.city, state: p.state, country: p.country, isSample: true })))
      .returning({ id: participants.id });
    participantIds.push(...rows.map((r) => r.id));
  });

  const eventIds: number[] = [];
  for (const e of plan.events) {
    const [row] = await tx
      .insert(events)
      .values({
        promoterId: promoterId.get(e.clubUserId)!,
        organizationId: orgIds[e.org],
        name: e.name,
        startDate: e.startDate,
        endDate: e.endDate,
        location: e.venue.location,
        address: e.venue.address,
        city: e.venue.city,
        state: e.venue.state,
        postalCode: e.venue.postalCode,
        country: 'CA',
        discipline: e.discipline,
        trackLengthKm: e.trackLengthKm,
        description: e.description,
        descriptions: e.descriptions,
        isPublic: e.isPublic,
        registrationOpen: e.registrationOpen,
        registrationClosesOn: e.registrationClosesOn,
        spectatorSettings: e.spectatorSettings ?? {},
        isComplete: e.isComplete,
        isSample: true,
      })
      .returning({ id: events.id });
    eventIds.push(row.id);
  }

  const offerRows = plan.events.flatMap((e, i) =>
    e.classes.map((c) => ({ eventId: eventIds[i], classId: classId.get(c.className)!, feeCents: c.feeCents, capacity: c.capacity, sortOrder: c.sortOrder })),
  );
  await insertAll(offerRows, (chunk) => tx.insert(eventClasses).values(chunk));

  const registrationRows = plan.events.flatMap((e, i) =>
    e.registrations.map((r) => {
      const rider = plan.participants[r.participant];
      return {
        eventId: eventIds[i],
        participantId: participantIds[r.participant],
        classId: classId.get(r.className)!,
        raceNumber: rider.raceNumber,
        brand: rider.brand,
        state: r.state,
        isSample: true,
        createdAt: new Date(`${r.createdOn}T14:00:00Z`),
      };
    }),
  );
  const registrationId = new Map<string, number>();
  await insertAll(registrationRows, async (chunk) => {
    const rows = await tx
      .insert(registrations)
      .values(chunk)
      .returning({ id: registrations.id, eventId: registrations.eventId, classId: registrations.classId, participantId: registrations.participantId });
    for (const r of rows) registrationId.set(`${r.eventId}|${r.classId}|${r.participantId}`, r.id);
  });

  // The start grid of the upcoming event: one race per class, entries from its registrations.
  const gridEventId = eventIds[plan.gridEvent];
  for (const [i, race] of plan.events[plan.gridEvent].races.entries()) {
    const cid = classId.get(race.className)!;
    const [raceRow] = await tx
      .insert(races)
      .values({
        eventId: gridEventId,
        name: race.name,
        runNumber: race.runNumber,
        kind: 'sprint',
        sortOrder: i,
        startTime: race.startTime,
        config: { classes: [race.className], clases_team: [], columns: GRID_RACE_COLUMNS, team_columns: [], sections: [] },
      })
      .returning({ id: races.id });
    await tx.insert(entries).values(
      race.entries.map((g) => {
        const rider = plan.participants[g.participant];
        const pid = participantIds[g.participant];
        return {
          raceId: raceRow.id,
          participantId: pid,
          sourceKey: `registration-${registrationId.get(`${gridEventId}|${cid}|${pid}`)}`,
          raceNumber: rider.raceNumber,
          classId: cid,
          brand: rider.brand,
          gridPosition: g.gridPosition,
          gridLabel: g.gridLabel,
        };
      }),
    );
  }

  const typeRows = await tx
    .insert(membershipTypes)
    .values(
      MEMBERSHIP_TYPES.map((t, i) => ({
        organizationId: orgIds[t.org],
        name: t.name,
        names: t.names,
        description: t.description,
        descriptions: t.descriptions,
        priceCents: t.priceCents,
        minAge: t.minAge,
        maxAge: t.maxAge,
        validity: t.validity,
        family: t.family ?? false,
        sortOrder: i + 1,
        isSample: true,
      })),
    )
    .returning({ id: membershipTypes.id, organizationId: membershipTypes.organizationId, name: membershipTypes.name });
  const typeId = new Map(MEMBERSHIP_TYPES.map((t) => [t.key, typeRows.find((r) => r.name === t.name && r.organizationId === orgIds[t.org])!.id]));
  await insertAll(plan.memberships, (chunk) =>
    tx.insert(memberships).values(
      chunk.map((m) => ({
        organizationId: orgIds[m.org],
        participantId: participantIds[m.participant],
        membershipTypeId: typeId.get(m.typeKey)!,
        number: m.number,
        promoterId: m.clubUserId === null ? null : promoterId.get(m.clubUserId)!,
        validFrom: m.validFrom,
        validUntil: m.validUntil,
        isSample: true,
      })),
    ),
  );

  for (const s of plan.series) {
    const [row] = await tx
      .insert(series)
      .values({
        promoterId: promoterId.get(s.clubUserId)!,
        name: s.name,
        startDate: s.startDate,
        endDate: s.endDate,
        rules: s.rules,
        seriesType: 'overall',
        isPublic: s.isPublic,
        isSample: true,
      })
      .returning({ id: series.id });
    await tx.insert(seriesEvents).values(s.events.map((i) => ({ seriesId: row.id, eventId: eventIds[i] })));
  }

  return {
    organizations: 1,
    clubs: clubRows.length,
    classes: classId.size,
    events: eventIds.length,
    participants: participantIds.length,
    registrations: registrationRows.length,
    memberships: plan.memberships.length,
    series: plan.series.length,
    gridEventId,
  };
}
