/**
 * Stores an imported results file (`ImportedEvent`) in the race database, all or nothing:
 * one transaction; any failure rolls everything back, so a refused file leaves no trace.
 * A file is imported once: the same content (SHA-256) again is refused with the event it went
 * to, unless `replace` asks to replace that import's races and results in the same event.
 * Rows go in as multi-row inserts (participants, entries, results, passings), chunked so one
 * statement stays under PostgreSQL's 65,535 bind parameters: a 1 MB capture is a handful of
 * round trips, not one per row.
 * The rows are built by `./rows.ts`, which the live feed's writer shares
 * (lib/server/timing/live/ingest.ts): one way to turn a race into rows.
 */
import { and, eq, inArray, min, notExists, sql } from 'drizzle-orm';
import { HOST_CLUBS_MAX, hostClubsColumn, isHostClub } from '../../contracts/host-clubs';
import { AppError } from '../../errors';
import type { Db } from '../db';
import {
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
import { classIdsFor } from './class-ids';
import { chunks, entryRow, participantRow, passingRow, raceColumns, resultRow, rowsPerInsert } from './rows';
import type { ImportedEvent, ImportReport } from './types';

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
  /**
   * The club hosting the event as team names spell it (`CJCR` for `CJCR - …`; `events.host_club`):
   * its teams score 0 in a team championship at their own event (lib/contracts/series.ts
   * teamRules). Set on the new event, or on the event given by `eventId` or replaced; left
   * as it is when not given.
   */
  hostClub?: string;
  /** SHA-256 (hex) of the file's content; when given, a second import of it is refused. */
  contentHash?: string;
  /** Replace the races and results of the earlier import of the same content. */
  replace?: boolean;
  /**
   * Skip lines that fail to decode (listed in the report) instead of refusing the file.
   * Read by `importResultsFile` when it parses; `writeImportedEvent` stores the report it is given.
   */
  lenient?: boolean;
}

export interface WriteSummary {
  eventId: number;
  raceIds: number[];
  entries: number;
  passings: number;
  /** True when an earlier import of the same content was replaced. */
  replaced: boolean;
  /** The importer's report (unknown message types, skipped lines), as stored in `imports.report`. */
  report: ImportReport;
}

/** The same file (by content) was imported before and `replace` was not asked for. */
export class AlreadyImportedError extends AppError {
  readonly eventId: number;

  constructor(previous: { eventId: number; eventName: string; importedAt: Date; sourceFile: string }) {
    super(
      'already_imported',
      `This file was already imported (as ${previous.sourceFile}, ${previous.importedAt.toISOString().slice(0, 10)}) into event ${previous.eventId}, ${previous.eventName}`,
    );
    this.eventId = previous.eventId;
  }
}

/** Thrown for a caller mistake (unknown promoter or event, missing date): a 4xx, not a 500. */
export class ImportTargetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportTargetError';
  }
}

/**
 * The host club option, or undefined when not given: one club (`CJCR`) or several separated by
 * commas for an event clubs hold together (`CJCR,SJER` → `CJCR, SJER`, stored so), each trimmed.
 * @throws ImportTargetError 'The provided host club is invalid' when a club is blank, too long,
 *   or has a character or a spaced dash team names do not use for clubs (a club is the text before
 *   the dash in a team name: lib/contracts/host-clubs.ts), or more than 5 are given.
 */
export function parseHostClub(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const clubs = value.split(',').map((club) => club.trim());
  if (clubs.length > HOST_CLUBS_MAX || !clubs.every(isHostClub)) throw new ImportTargetError('The provided host club is invalid');
  return hostClubsColumn(clubs)!;
}

/**
 * Writes `imported` for the promoter `opts.promoterUserId`.
 * @returns ids of the event and its new races, with entry and passing counts.
 * @throws ImportTargetError when the promoter or event does not exist, no date is known, or the
 *   host club is invalid.
 * @throws AlreadyImportedError when `opts.contentHash` was imported before and `replace` is not set.
 */
export async function writeImportedEvent(
  db: Db,
  imported: ImportedEvent,
  opts: WriteOptions,
): Promise<WriteSummary> {
  const hostClub = parseHostClub(opts.hostClub);
  return db.transaction(async (tx) => {
    let previous: { id: number; eventId: number; eventName: string; importedAt: Date; sourceFile: string } | undefined;
    if (opts.contentHash) {
      // Two imports of the same file at once: the second waits, then finds the first.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${opts.contentHash}, 0))`);
      [previous] = await tx
        .select({ id: imports.id, eventId: imports.eventId, eventName: events.name, importedAt: imports.importedAt, sourceFile: imports.sourceFile })
        .from(imports)
        .innerJoin(events, eq(events.id, imports.eventId))
        .where(eq(imports.contentHash, opts.contentHash));
      if (previous && !opts.replace) throw new AlreadyImportedError(previous);
    }

    const [promoter] = await tx
      .select({ id: promoters.id, organizationId: promoters.organizationId })
      .from(promoters)
      .where(eq(promoters.userId, opts.promoterUserId));
    if (!promoter) throw new ImportTargetError(`The provided promoter id is invalid: ${opts.promoterUserId}`);

    let eventId = opts.eventId;
    let sortBase: number | null = null;
    if (previous) {
      if (eventId !== undefined && eventId !== previous.eventId) {
        throw new ImportTargetError(`This file was imported into event ${previous.eventId}; --replace replaces it there, not in event ${eventId}`);
      }
      eventId = previous.eventId;
      sortBase = await removeImportedRaces(tx, previous.id);
    } else if (eventId !== undefined) {
      const [existing] = await tx
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.id, eventId), eq(events.promoterId, promoter.id)));
      if (!existing) throw new ImportTargetError(`The provided event id is invalid: ${eventId}`);
    }
    if (eventId !== undefined) {
      if (hostClub !== undefined) await tx.update(events).set({ hostClub }).where(eq(events.id, eventId));
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
          hostClub: hostClub ?? null,
          source: imported.source,
          sourceFile: opts.sourceFile ?? null,
        })
        .returning({ id: events.id });
      eventId = created.id;
    }

    const importRow = {
      sourceFile: opts.sourceFile ?? imported.name,
      contentHash: opts.contentHash ?? null,
      format: imported.source,
      eventId,
      raceCount: 0,
      entryCount: 0,
      passingCount: 0,
      report: imported.report,
    };
    const importId = previous
      ? previous.id
      : (await tx.insert(imports).values(importRow).returning({ id: imports.id }))[0].id;

    // Classes by name: the event organization's, else one met only in imports (./class-ids.ts).
    const classIds = await classIdsFor(
      tx,
      eventId,
      imported.races.flatMap((r) => r.entries.map((e) => e.className).filter((c): c is string => !!c)),
    );

    const firstSort = sortBase ?? (await tx.$count(races, eq(races.eventId, eventId)));
    const raceIds: number[] = [];
    let entryCount = 0;
    let passingCount = 0;

    for (const [index, race] of imported.races.entries()) {
      const [raceRow] = await tx
        .insert(races)
        .values({ eventId, ...raceColumns(race), sortOrder: firstSort + index, importId })
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
      const personRows = race.entries.map(participantRow);
      const people: { id: number }[] = [];
      for (const chunk of chunks(personRows, rowsPerInsert(personRows))) {
        people.push(...(await tx.insert(participants).values(chunk).returning({ id: participants.id })));
      }

      const entryValues = race.entries.map((e, i) => entryRow(e, { raceId: raceRow.id, participantId: people[i].id, classIds, teamIds }));
      const entryIds = new Map<string, number>();
      for (const chunk of chunks(entryValues, rowsPerInsert(entryValues))) {
        const rows = await tx.insert(entries).values(chunk).returning({ id: entries.id, sourceKey: entries.sourceKey });
        for (const r of rows) entryIds.set(r.sourceKey, r.id);
      }
      entryCount += entryValues.length;

      const resultRows = race.entries.map((e) => resultRow(e, raceRow.id, entryIds.get(e.key)!));
      for (const chunk of chunks(resultRows, rowsPerInsert(resultRows))) await tx.insert(results).values(chunk);

      const passingRows = race.passings.map((p) => {
        const entryId = entryIds.get(p.entryKey);
        if (entryId === undefined) {
          throw new ImportTargetError(`Passing for unknown competitor ${p.entryKey} in race ${race.name}`);
        }
        return passingRow(p, raceRow.id, entryId);
      });
      for (const chunk of chunks(passingRows, rowsPerInsert(passingRows))) await tx.insert(passings).values(chunk);
      passingCount += passingRows.length;
    }

    await tx
      .update(imports)
      .set({ ...importRow, raceCount: raceIds.length, entryCount, passingCount, importedAt: new Date() })
      .where(eq(imports.id, importId));
    return { eventId, raceIds, entries: entryCount, passings: passingCount, replaced: !!previous, report: imported.report };
  });
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Deletes the races written by import `importId` (their entries, results, passings and teams
 * go with them) and the participants only they referenced.
 * @returns the smallest sort order they held, so their replacements take their place.
 */
async function removeImportedRaces(tx: Tx, importId: number): Promise<number | null> {
  const [{ first }] = await tx.select({ first: min(races.sortOrder) }).from(races).where(eq(races.importId, importId));
  const people = await tx
    .select({ id: entries.participantId })
    .from(entries)
    .innerJoin(races, eq(races.id, entries.raceId))
    .where(eq(races.importId, importId));
  await tx.delete(races).where(eq(races.importId, importId));
  const ids = [...new Set(people.map((p) => p.id))];
  for (const chunk of chunks(ids)) {
    await tx
      .delete(participants)
      .where(and(inArray(participants.id, chunk), notExists(tx.select({ one: sql`1` }).from(entries).where(eq(entries.participantId, participants.id)))));
  }
  return first;
}
