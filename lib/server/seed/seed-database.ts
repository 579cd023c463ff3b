/**
 * `seedDatabase`: what `npm start` (scripts/start.ts) and the test templates run on every
 * start. Each step only adds what is missing, so a second start changes nothing:
 *  1. the federation and its default promoter (`ensureDefaultPromoter`);
 *  2. the real results files, in order, so the real events keep the ids 1–4 on a fresh
 *     database (`importRealFiles`), their venues (`completeRealEvents`) and start grids of
 *     imports made before the importers read them (`backfillStartGrids`);
 *  3. the federation's office and about text where empty (`completeFederation`);
 *  4. the sample data around them, once (`seedSampleData`).
 */
import type { Db } from '../db';
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
  await completeRealEvents(db, files, today);
  const grids = await backfillStartGrids(db, files);
  if (grids) log(`[seed] start grid of ${grids} entries of earlier imports`);
  await completeFederation(db, promoterUserId);
  if (opts.sample === false) return;
  const sample = await seedSampleData(db, promoterUserId, today);
  if (sample) {
    log(
      `[seed] sample data for ${today}: ${sample.clubs} clubs, ${sample.classes} classes, ${sample.events} events, ${sample.participants} riders, ` +
        `${sample.registrations} registrations, ${sample.memberships} memberships, ${sample.series} series; start grid on event ${sample.gridEventId}`,
    );
  }
}
