/**
 * Seeds an empty race database: the federation (default organization), its default promoter
 * (user id `DEFAULT_PROMOTER_USER_ID`), and every real results file of `data/real/` as events
 * of that promoter. Idempotent and resumable: a file already imported (same source file, or
 * the same content imported by hand) is skipped, so a second start keeps the data of the first.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from './db';
import { imports, organizations, promoters } from './db/schema';
import { AlreadyImportedError, importResultsFile } from './import';

export const REAL_DATA_DIR = path.resolve(process.cwd(), 'data/real');

interface SeedFile {
  file: string;
  eventName?: string;
  /** For captures that carry no date. */
  startDate?: string;
  /** Add to the event created from this other seed file. */
  sameEventAs?: string;
}

/**
 * The real files and what the seed adds to them. The Orbits capture and the AMA snapshot
 * carry no date: the AMA snapshot is filed under the 2017 Las Vegas round (6 May 2017);
 * the Orbits demo session under 14 November 2026 so a fresh install shows a recent event.
 */
export const SEED_FILES: SeedFile[] = [
  { file: 'rmonitor/orbits-mock-session.txt', eventName: 'Brands Hatch Test Race (Orbits)', startDate: '2026-11-14' },
  { file: 'enduro/2026-ecea-pine-hill-team-enduro.csv' },
  { file: 'rmonitor/2009-sebring-alms-session-4.txt', eventName: 'Sebring Winter Test' },
  { file: 'rmonitor/2009-sebring-alms-session-4-lites.txt', sameEventAs: 'rmonitor/2009-sebring-alms-session-4.txt' },
  { file: 'supercross/2017-las-vegas-450sx-main-live-timing.json', startDate: '2017-05-06' },
];

export const FEDERATION = {
  name: 'Off-Road Motorcycle and Quad Racing Federation',
  city: 'Trois-Rivières',
  state: 'QC',
  country: 'CA',
};

/** Creates the federation and default promoter when missing; answers the promoter's user id. */
export async function ensureDefaultPromoter(db: Db, promoterUserId: number): Promise<number> {
  const [existing] = await db.select({ id: promoters.id }).from(promoters).where(eq(promoters.userId, promoterUserId));
  if (existing) return promoterUserId;
  await db.transaction(async (tx) => {
    const [org] = await tx.insert(organizations).values(FEDERATION).returning({ id: organizations.id });
    await tx.insert(promoters).values({ userId: promoterUserId, organizationId: org.id, name: FEDERATION.name, city: FEDERATION.city, state: FEDERATION.state });
  });
  return promoterUserId;
}

/** Seeds what is missing; logs one line per imported file. */
export async function seedDatabase(db: Db, promoterUserId: number, log: (line: string) => void = console.log): Promise<void> {
  await ensureDefaultPromoter(db, promoterUserId);
  for (const seed of SEED_FILES) {
    const [done] = await db.select({ id: imports.id }).from(imports).where(eq(imports.sourceFile, seed.file));
    if (done) continue;
    let eventId: number | undefined;
    if (seed.sameEventAs) {
      const [parent] = await db.select({ eventId: imports.eventId }).from(imports).where(eq(imports.sourceFile, seed.sameEventAs));
      eventId = parent?.eventId;
    }
    const text = await fs.readFile(path.join(REAL_DATA_DIR, seed.file), 'utf8');
    let summary;
    try {
      summary = await importResultsFile(db, seed.file, text, {
        promoterUserId,
        eventId,
        eventName: seed.eventName,
        startDate: seed.startDate,
      });
    } catch (err) {
      // Already imported by hand (`npm run import`) under another name: keep that import.
      if (err instanceof AlreadyImportedError) continue;
      throw err;
    }
    log(`[seed] ${seed.file}: event ${summary.eventId}, ${summary.raceIds.length} race(s), ${summary.entries} entries, ${summary.passings} passings`);
  }
}
