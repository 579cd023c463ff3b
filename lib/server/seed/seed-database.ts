/**
 * `seedDatabase`: what `npm start` (scripts/start.ts) and the test templates run on every
 * start. Each step only adds what is missing, so a second start changes nothing:
 *  1. the federation and its default promoter (`ensureDefaultPromoter`);
 *  2. the real results files, in order, so the real events keep the ids 1–4 on a fresh
 *     database (`importRealFiles`, with Pine Hill's host club), their venues
 *     (`completeRealEvents`) and start grids of imports made before the importers read them
 *     (`backfillStartGrids`);
 *  3. the federation's office and about text where empty (`completeFederation`);
 *  4. the host club of real events imported before the seed knew it (`completeHostClubs`);
 *  5. the sample data around them (`seedSampleData`);
 *  6. the association's championship over the real results (`seedRealSeries`: the 2026 ECEA
 *     Enduro Championship over Pine Hill), after the sample series so that a fresh install
 *     numbers the series as an upgraded one does;
 *  7. with `demoPromoterFile` (npm start), the demo promoter login of the default promoter
 *     (`ensureDemoPromoter`, issue 22), its credentials printed and kept once;
 *  8. the rules of sample series seeded before the rules were data
 *     (`upgradeSampleSeriesRules`) and the results of the past sample events of the current
 *     season (`seedSampleResults`);
 *  9. the federation's name as the content service spells it and the French and Spanish texts of
 *     the seeded rows, for databases seeded before the data had them (`translateSeededData`,
 *     issue 25).
 * Steps 2's venues and 3–7 run once per database (table `seed_state`, one row per step):
 * what an administrator deletes or blanks afterwards (`DELETE … WHERE is_sample`, a venue)
 * stays so. A database seeded by an earlier version gets the steps it lacks at its next start.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db';
import { seedState } from '../db/schema';
import { federationDate } from './dates';
import { ensureDemoPromoter } from './demo-promoter';
import { completeFederation, ensureDefaultPromoter } from './federation';
import { backfillStartGrids, completeHostClubs, completeRealEvents, importRealFiles } from './real-files';
import { seedSampleData } from './sample';
import { seedSampleResults } from './sample-results';
import { seedRealSeries, upgradeSampleSeriesRules } from './series';
import { translateSeededData } from './translations';

export interface SeedOptions {
  /** The seed's date (YYYY-MM-DD): the seasons of the sample data are relative to it. Default: today in Quebec. */
  today?: string;
  /** Seed the sample data (default true); false: only the federation, the real files and their series. */
  sample?: boolean;
  /**
   * Create the demo promoter login (issue 22, `ensureDemoPromoter`) and keep its credentials in
   * this file (`npm start`: DEMO_PROMOTER_FILE); default: none (tests, tools).
   */
  demoPromoterFile?: string;
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
  const hosts = await once(db, 'host-club', () => completeHostClubs(db, files));
  if (hosts) log(`[seed] host club of ${hosts} real event(s) imported before`);
  if (opts.sample !== false) {
    const sample = await once(db, 'sample', () => seedSampleData(db, promoterUserId, today));
    if (sample) {
      log(
        `[seed] sample data for ${today}: ${sample.clubs} clubs, ${sample.classes} classes, ${sample.events} events, ${sample.participants} riders, ` +
          `${sample.registrations} registrations, ${sample.memberships} memberships, ${sample.series} series; start grid on event ${sample.gridEventId}`,
      );
    }
  }
  // After the sample series: a fresh install numbers the series as an upgraded one does.
  const realSeries = await once(db, 'real-series', () => seedRealSeries(db, promoterUserId, files));
  if (realSeries?.length) log(`[seed] series over the real results: ${realSeries.map((r) => `${r.name} (series ${r.id})`).join(', ')}`);
  if (opts.demoPromoterFile) await ensureDemoPromoter(db, promoterUserId, opts.demoPromoterFile, log);
  const translated = await once(db, 'translations', () => translateSeededData(db, promoterUserId));
  if (translated) log(`[seed] French and Spanish texts of ${translated} row(s) seeded before`);
  if (opts.sample === false) return;
  const rules = await once(db, 'series-rules', () => upgradeSampleSeriesRules(db));
  if (rules) log(`[seed] rules of ${rules} sample series seeded before`);
  const results = await once(db, 'sample-results', () => seedSampleResults(db, today));
  if (results?.events) {
    const imported = results.importedEvents.map((e) => `${e.name} (event ${e.id})`).join(', ');
    log(
      `[seed] sample results for ${today}: ${results.events} past events, ${results.races} races, ${results.results} results` +
        (imported ? `; ${imported} as a timing import (new participant records)` : ''),
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
