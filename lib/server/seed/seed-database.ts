/**
 * `seedDatabase`: what `npm start` (scripts/start.ts) and the test templates run on every
 * start. Each step only adds what is missing, so a second start changes nothing:
 *  1. the federation and its default promoter (`ensureDefaultPromoter`);
 *  2. the real results files, in order, so the real events keep the ids 1–4 on a fresh
 *     database (`importRealFiles`), their venues (`completeRealEvents`) and start grids of
 *     imports made before the importers read them (`backfillStartGrids`);
 *  3. the federation's office and about text where empty (`completeFederation`);
 *  4. the sample data around them (`seedSampleData`).
 * Steps 2's venues, 3 and 4 run once per database (table `seed_state`): what an administrator
 * deletes or blanks afterwards (`DELETE … WHERE is_sample`, a venue) stays so.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db';
import { seedState } from '../db/schema';
import { federationDate } from './dates';
import { completeFederation, ensureDefaultPromoter } from './federation';
import { backfillStartGrids, completeRealEvents, importRealFiles } from './real-files';
import { seedSampleData } from './sample';

export interface SeedOptions {
  /** The seed's date (YYYY-MM-DD): the seasons of the sample data are relative to it. Default: today in Quebec. */
  today?: string;
  /** Seed the sample data (default true); false: only the federation and the real files. */
  sample?: boolean;
}

/** Seeds what is missing; logs one line per imported file and one for the sample data. */
export async function seedDatabase(db: Db, promoterUserId: number, log: (line: string) => void = console.log, opts: SeedOptions = {}): Promise<void> {
  const today = opts.today ?? federationDate();
  await ensureDefaultPromoter(db, promoterUserId);
  const files = await importRealFiles(db, promoterUserId, log);
  const grids = await backfillStartGrids(db, files);
  if (grids) log(`[seed] start grid of ${grids} entries of earlier imports`);
  await once(db, 'details', async () => {
    await completeRealEvents(db, files, today);
    await completeFederation(db, promoterUserId);
  });
  if (opts.sample === false) return;
  const sample = await once(db, 'sample', () => seedSampleData(db, promoterUserId, today));
  if (sample) {
    log(
      `[seed] sample data for ${today}: ${sample.clubs} clubs, ${sample.classes} classes, ${sample.events} events, ${sample.participants} riders, ` +
        `${sample.registrations} registrations, ${sample.memberships} memberships, ${sample.series} series; start grid on event ${sample.gridEventId}`,
    );
  }
}

/** Runs `step` unless the database records it as done; records it after. Null when skipped. */
async function once<T>(db: Db, name: string, step: () => Promise<T>): Promise<T | null> {
  const [done] = await db.select({ step: seedState.step }).from(seedState).where(eq(seedState.step, name));
  if (done) return null;
  const result = await step();
  await db.insert(seedState).values({ step: name }).onConflictDoNothing();
  return result;
}
