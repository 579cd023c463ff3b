/**
 * Stores an imported results file (`ImportedEvent`) in the race database, all or nothing:
 * one transaction; any failure rolls everything back, so a refused file leaves no trace.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db';
import {
  classes,
  entries,
  events,
  imports,
  participants,
  passings,
  promoters,
  races,
  results,
  teams,
} from '../db/schema';
import type { ImportedEvent } from './types';

export interface WriteOptions {
  /** Promoter (by user id) that owns the event. */
  promoterUserId: number;
  /** Add the races to this existing event instead of creating one. */
  eventId?: number;
  /** Event name overriding the file's. */
  eventName?: string;
  /** Event date (YYYY-MM-DD) when the file states none, or to override it. */
  startDate?: string;
  /** File name recorded on the event. */
  sourceFile?: string;
}

export interface WriteSummary {
  eventId: number;
  raceIds: number[];
  entries: number;
  passings: number;
}

/** Thrown for a caller mistake (unknown promoter or event, missing date): a 4xx, not a 500. */
export class ImportTargetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportTargetError';
  }
}

const CHUNK = 1000;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/**
 * Writes `imported` for the promoter `opts.promoterUserId`.
 * @returns ids of the event and its new races, with entry and passing counts.
 * @throws ImportTargetError when the promoter or event does not exist or no date is known.
 */
export async function writeImportedEvent(
  db: Db,
  imported: ImportedEvent,
  opts: WriteOptions,
): Promise<WriteSummary> {
  return db.transaction(async (tx) => {
    const [promoter] = await tx
      .select({ id: promoters.id, organizationId: promoters.organizationId })
      .from(promoters)
      .where(eq(promoters.userId, opts.promoterUserId));
    if (!promoter) throw new ImportTargetError(`The provided promoter id is invalid: ${opts.promoterUserId}`);

    let eventId = opts.eventId;
    if (eventId !== undefined) {
      const [existing] = await tx
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.id, eventId), eq(events.promoterId, promoter.id)));
      if (!existing) throw new ImportTargetError(`The provided event id is invalid: ${eventId}`);
    } else {
      const startDate = opts.startDate ?? imported.startDate;
      if (!startDate) {
        throw new ImportTargetError('The file states no event date: give one with --date YYYY-MM-DD');
      }
      const [created] = await tx
        .insert(events)
        .values({
          promoterId: promoter.id,
          organizationId: promoter.organizationId,
          name: opts.eventName ?? imported.name,
          startDate,
          location: imported.location,
          trackLengthKm: imported.trackLengthKm,
          source: imported.source,
          sourceFile: opts.sourceFile ?? null,
        })
        .returning({ id: events.id });
      eventId = created.id;
    }

    // Classes are shared by name across events.
    const classNames = [
      ...new Set(imported.races.flatMap((r) => r.entries.map((e) => e.className).filter((c): c is string => !!c))),
    ];
    const classIds = new Map<string, number>();
    if (classNames.length) {
      await tx.insert(classes).values(classNames.map((name) => ({ name }))).onConflictDoNothing();
      const rows = await tx.select().from(classes).where(inArray(classes.name, classNames));
      for (const row of rows) classIds.set(row.name, row.id);
    }

    const existingRaces = await tx.select({ id: races.id }).from(races).where(eq(races.eventId, eventId));
    const raceIds: number[] = [];
    let entryCount = 0;
    let passingCount = 0;

    for (const [index, race] of imported.races.entries()) {
      const [raceRow] = await tx
        .insert(races)
        .values({
          eventId,
          name: race.name,
          runNumber: race.runNumber,
          kind: race.kind,
          sortOrder: existingRaces.length + index,
          startTime: race.startTime,
          config: {
            classes: race.classes,
            clases_team: race.teamClasses,
            columns: race.columns,
            team_columns: race.teamColumns,
            sections: race.sections,
          },
        })
        .returning({ id: races.id });
      raceIds.push(raceRow.id);

      const teamIds = new Map<string, number>();
      if (race.teams.length) {
        const rows = await tx
          .insert(teams)
          .values(
            race.teams.map((t) => ({
              raceId: raceRow.id,
              name: t.name,
              position: t.position,
              state: t.state,
              totalCheckpoints: t.totalCheckpoints,
              totalPoints: t.totalPoints,
              totalEmergencyPoints: t.totalEmergencyPoints,
            })),
          )
          .returning({ id: teams.id, name: teams.name });
        const byName = new Map(rows.map((r) => [r.name, r.id]));
        for (const t of race.teams) teamIds.set(t.key, byName.get(t.name)!);
      }

      if (!race.entries.length) continue;
      const people = await tx
        .insert(participants)
        .values(
          race.entries.map((e) => ({
            firstName: e.firstName,
            lastName: e.lastName,
            city: e.city,
            state: e.state,
            country: e.country,
          })),
        )
        .returning({ id: participants.id });

      const entryRows = await tx
        .insert(entries)
        .values(
          race.entries.map((e, i) => ({
            raceId: raceRow.id,
            participantId: people[i].id,
            sourceKey: e.key,
            raceNumber: e.raceNumber,
            classId: e.className ? (classIds.get(e.className) ?? null) : null,
            brand: e.brand,
            teamId: e.teamKey ? (teamIds.get(e.teamKey) ?? null) : null,
            teamName: e.teamKey && !teamIds.has(e.teamKey) ? e.teamKey : null,
            transponder: e.transponder,
          })),
        )
        .returning({ id: entries.id, sourceKey: entries.sourceKey });
      const entryIds = new Map(entryRows.map((r) => [r.sourceKey, r.id]));
      entryCount += entryRows.length;

      await tx.insert(results).values(
        race.entries.map((e) => ({
          raceId: raceRow.id,
          entryId: entryIds.get(e.key)!,
          ...e.result,
          sectionTimes: e.sectionTimes,
        })),
      );

      const passingRows = race.passings.map((p) => {
        const entryId = entryIds.get(p.entryKey);
        if (entryId === undefined) {
          throw new ImportTargetError(`Passing for unknown competitor ${p.entryKey} in race ${race.name}`);
        }
        return {
          raceId: raceRow.id,
          entryId,
          lapNumber: p.lapNumber,
          lapTimeMs: p.lapTimeMs,
          totalTimeMs: p.totalTimeMs,
          section: p.section,
          readTime: p.readTime ? new Date(p.readTime) : null,
        };
      });
      for (const chunk of chunks(passingRows)) await tx.insert(passings).values(chunk);
      passingCount += passingRows.length;
    }

    await tx.insert(imports).values({
      sourceFile: opts.sourceFile ?? imported.name,
      format: imported.source,
      eventId,
      raceCount: raceIds.length,
      entryCount,
      passingCount,
    });
    return { eventId, raceIds, entries: entryCount, passings: passingCount };
  });
}
