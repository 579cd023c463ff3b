/**
 * The real results files of `data/real/` (spec §3 Race, Race results columns) as events of the
 * default promoter, with what is publicly known about where they were run. Imports are
 * idempotent and resumable: a file already imported (same source file, or the same content
 * imported by hand under another name) is not imported again.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db';
import { entries, events, imports, races } from '../db/schema';
import { AlreadyImportedError, contentHash, importResultsFile } from '../import';
import { parseResultsFile } from '../import/parse';

export const REAL_DATA_DIR = path.resolve(process.cwd(), 'data/real');

/** Where a real event was run, as far as the file or public record tells. */
export interface RealVenue {
  discipline: string;
  /** The venue's name; also replaces a file's shorter name for it (`replacesLocation`). */
  location?: string;
  replacesLocation?: string[];
  address?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  country?: string;
}

export interface SeedFile {
  file: string;
  eventName?: string;
  /** For captures that carry no date. */
  startDate?: string;
  /** Add to the event created from this other seed file. */
  sameEventAs?: string;
  /** Venue details filled on the event where empty. */
  venue?: RealVenue;
  /**
   * The club hosting the event as its team names spell it (`events.host_club`): its teams score
   * 0 in a team championship at their own event. Set by the import, and on an event imported
   * before where it is empty (`completeHostClubs`).
   */
  hostClub?: string;
}

/**
 * The real files and what the seed adds to them. The Orbits capture and the AMA snapshot
 * carry no date: the AMA snapshot is filed under the 2017 Las Vegas round (6 May 2017, Sam
 * Boyd Stadium); the Orbits demo session under 14 November 2026 so a fresh install shows a
 * recent event. Pine Hill's report names no venue: only its state is known (ECEA runs in New
 * Jersey and Pennsylvania; Pine Hill is in New Jersey); its host club is CJCR, as the
 * association's published team points for it say (`data/real/enduro/2026-ecea-pine-hill-team-points.json`,
 * `eventAbbr`).
 */
export const SEED_FILES: SeedFile[] = [
  {
    file: 'rmonitor/orbits-mock-session.txt',
    eventName: 'Brands Hatch Test Race (Orbits)',
    startDate: '2026-11-14',
    venue: { discipline: 'road', location: 'Brands Hatch Circuit', replacesLocation: ['Brands Hatch'], address: 'Fawkham', city: 'Longfield', state: 'Kent', postalCode: 'DA3 8NG', country: 'GB' },
  },
  { file: 'enduro/2026-ecea-pine-hill-team-enduro.csv', venue: { discipline: 'enduro', state: 'NJ', country: 'US' }, hostClub: 'CJCR' },
  {
    file: 'rmonitor/2009-sebring-alms-session-4.txt',
    eventName: 'Sebring Winter Test',
    venue: { discipline: 'road', location: 'Sebring International Raceway', address: '113 Midway Drive', city: 'Sebring', state: 'FL', postalCode: '33870', country: 'US' },
  },
  { file: 'rmonitor/2009-sebring-alms-session-4-lites.txt', sameEventAs: 'rmonitor/2009-sebring-alms-session-4.txt' },
  {
    file: 'supercross/2017-las-vegas-450sx-main-live-timing.json',
    startDate: '2017-05-06',
    venue: { discipline: 'supercross', location: 'Sam Boyd Stadium', replacesLocation: ['Las Vegas'], address: '7000 E Russell Rd', city: 'Las Vegas', state: 'NV', postalCode: '89122', country: 'US' },
  },
];

/** A real file as stored: its event and import, and its text (read once). */
export interface ImportedRealFile {
  seed: SeedFile;
  eventId: number;
  importId: number;
  text: string;
}

async function findImport(db: Db, file: string, hash: string) {
  const [row] = await db
    .select({ id: imports.id, eventId: imports.eventId })
    .from(imports)
    .where(or(eq(imports.sourceFile, file), eq(imports.contentHash, hash)))
    .orderBy(asc(imports.id))
    .limit(1);
  return row;
}

/**
 * Imports every real file not imported yet (in `SEED_FILES` order, so a fresh database gives
 * the real events the ids 1–4), logging one line per file imported.
 * @returns every real file with its event, including those imported before.
 */
export async function importRealFiles(db: Db, promoterUserId: number, log: (line: string) => void): Promise<ImportedRealFile[]> {
  const out: ImportedRealFile[] = [];
  for (const seed of SEED_FILES) {
    const text = await fs.readFile(path.join(REAL_DATA_DIR, seed.file), 'utf8');
    const hash = contentHash(text);
    const done = await findImport(db, seed.file, hash);
    if (done) {
      out.push({ seed, eventId: done.eventId, importId: done.id, text });
      continue;
    }
    const eventId = seed.sameEventAs ? out.find((f) => f.seed.file === seed.sameEventAs)?.eventId : undefined;
    try {
      const summary = await importResultsFile(db, seed.file, text, { promoterUserId, eventId, eventName: seed.eventName, startDate: seed.startDate, hostClub: seed.hostClub });
      log(`[seed] ${seed.file}: event ${summary.eventId}, ${summary.raceIds.length} race(s), ${summary.entries} entries, ${summary.passings} passings`);
    } catch (err) {
      // Imported by hand (`npm run import`) at the same moment: keep that import.
      if (!(err instanceof AlreadyImportedError)) throw err;
    }
    const row = await findImport(db, seed.file, hash);
    if (row) out.push({ seed, eventId: row.eventId, importId: row.id, text });
  }
  return out;
}

/** `column` unless it is null or blank, else `value`. */
const orValue = (column: PgColumn, value: string | undefined) =>
  value === undefined ? undefined : sql`coalesce(nullif(btrim(${column}), ''), ${value})`;

/**
 * Fills each real event's discipline and venue where empty (a location the file gave that
 * `replacesLocation` lists is replaced by the venue's full name), and marks it complete once its
 * last day is before `today`: its results are final. Idempotent.
 */
export async function completeRealEvents(db: Db, files: ImportedRealFile[], today: string): Promise<void> {
  for (const { seed, eventId } of files) {
    const v = seed.venue;
    if (!v) continue;
    const replaced = v.replacesLocation ?? [];
    await db
      .update(events)
      .set({
        discipline: orValue(events.discipline, v.discipline),
        location:
          v.location === undefined
            ? undefined
            : replaced.length
              ? sql`case when nullif(btrim(${events.location}), '') is null or ${events.location} in (${sql.join(
                  replaced.map((r) => sql`${r}`),
                  sql`, `,
                )}) then ${v.location} else ${events.location} end`
              : orValue(events.location, v.location),
        address: orValue(events.address, v.address),
        city: orValue(events.city, v.city),
        state: orValue(events.state, v.state),
        postalCode: orValue(events.postalCode, v.postalCode),
        country: orValue(events.country, v.country),
        isComplete: sql`${events.isComplete} or coalesce(${events.endDate}, ${events.startDate}) < ${today}`,
        // Runs at every start and changes nothing after the first: keep the last-change time.
        updatedAt: sql`${events.updatedAt}`,
      })
      .where(eq(events.id, eventId));
  }
}

/**
 * Sets the host club of the real events imported before the seed knew it (`SeedFile.hostClub`)
 * where the event has none; a host club already set (by hand, or by the import) is kept.
 * @returns the number of events updated.
 */
export async function completeHostClubs(db: Db, files: ImportedRealFile[]): Promise<number> {
  let updated = 0;
  for (const { seed, eventId } of files) {
    if (!seed.hostClub) continue;
    const rows = await db
      .update(events)
      .set({ hostClub: seed.hostClub, updatedAt: sql`${events.updatedAt}` })
      .where(and(eq(events.id, eventId), or(isNull(events.hostClub), eq(sql`btrim(${events.hostClub})`, ''))))
      .returning({ id: events.id });
    updated += rows.length;
  }
  return updated;
}

/**
 * Gives the entries of real imports made before the importers read the start grid their grid
 * (ECEA start rows, the RMonitor start order): a file whose entries have no grid position at
 * all is parsed again and its grid written entry by entry. Files without a grid (AMA, the
 * Sebring test sessions) stay as they are. Idempotent.
 * @returns the number of entries updated.
 */
export async function backfillStartGrids(db: Db, files: ImportedRealFile[]): Promise<number> {
  let updated = 0;
  for (const { seed, importId, text } of files) {
    if (seed.file.endsWith('.json')) continue; // AMA live timing: no grid information.
    const raceRows = await db.select({ id: races.id }).from(races).where(eq(races.importId, importId)).orderBy(asc(races.sortOrder), asc(races.id));
    if (!raceRows.length) continue;
    const raceIds = raceRows.map((r) => r.id);
    const withGrid = await db.$count(entries, and(inArray(entries.raceId, raceIds), isNotNull(entries.gridPosition)));
    if (withGrid > 0) continue;
    const parsed = parseResultsFile(seed.file, text);
    if (parsed.races.length !== raceRows.length) continue;
    await db.transaction(async (tx) => {
      for (const [i, race] of parsed.races.entries()) {
        for (const e of race.entries) {
          if (e.gridPosition === null && e.gridLabel === null) continue;
          const rows = await tx
            .update(entries)
            .set({ gridPosition: e.gridPosition, gridLabel: e.gridLabel })
            .where(and(eq(entries.raceId, raceIds[i]), eq(entries.sourceKey, e.key)))
            .returning({ id: entries.id });
          updated += rows.length;
        }
      }
    });
  }
  return updated;
}
