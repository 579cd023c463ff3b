/**
 * Event registration as the event page shows it (spec §3 Registration: counts, registrants,
 * classes, rows per event; §7 livelaps/registration/*). One use case per file. The
 * registration flow itself (a rider registering and paying) comes with its own issue.
 */
export { getRegistrationCount } from './get-registration-count';
export { getRegistrants } from './get-registrants';
export { loadClasses } from './load-classes';
export { loadRows } from './load-rows';
export { spotsLeft, tallyByClass } from './tally';
