/**
 * The seed of the race database (see `seed-database.ts`): the federation, the real results
 * files and the sample data around them.
 */
export { addDays, federationDate, nthWeekday } from './dates';
export { completeFederation, ensureDefaultPromoter, FEDERATION, FEDERATION_DETAILS } from './federation';
export { backfillStartGrids, completeRealEvents, importRealFiles, REAL_DATA_DIR, SEED_FILES, type ImportedRealFile, type RealVenue, type SeedFile } from './real-files';
export { buildSamplePlan, type SamplePlan } from './sample-plan';
export { SAMPLE, seedSampleData, type SampleSummary } from './sample';
export { seedDatabase, type SeedOptions } from './seed-database';
