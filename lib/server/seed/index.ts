/**
 * The seed of the race database (see `seed-database.ts`): the federation, the real results
 * files and the sample data around them.
 */
export { addDays, federationDate, nthWeekday } from './dates';
export { DEMO_PROMOTER_EMAIL, DEMO_PROMOTER_FILE, ensureDemoPromoter } from './demo-promoter';
export { completeFederation, ensureDefaultPromoter, FEDERATION, FEDERATION_DETAILS, FEDERATION_NAMES } from './federation';
export { seededTranslations, translateSeededData, type SeedTranslation } from './translations';
export { backfillStartGrids, completeHostClubs, completeRealEvents, importRealFiles, REAL_DATA_DIR, SEED_FILES, type ImportedRealFile, type RealVenue, type SeedFile } from './real-files';
export { buildSamplePlan, sampleParticipants, seriesRulesOf, type SamplePlan } from './sample-plan';
export { ENDURO_CHECKS, planEventResults, riderSkills, type PlannedResultRace } from './sample-results-plan';
export { seedSampleResults, type SampleResultsSummary } from './sample-results';
export { ECEA_POINTS, ECEA_RULES, REAL_SERIES, seedRealSeries, upgradeSampleSeriesRules } from './series';
export { SAMPLE, seedSampleData, type SampleSummary } from './sample';
export { seedDatabase, type SeedOptions } from './seed-database';
