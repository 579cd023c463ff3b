/**
 * Event registration as the event page shows it (spec §3 Registration: counts, registrants,
 * classes, rows per event; §7 livelaps/registration/*) and the settings its registration form
 * follows (issue 27). One use case per file. Registering itself (a rider entering and paying)
 * is lib/server/registrations.
 */
export { getRegistrationCount } from './get-registration-count';
export { getRegistrants } from './get-registrants';
export { getRegistrationSettings } from './get-registration-settings';
export { loadClasses } from './load-classes';
export { loadRows } from './load-rows';
export { spotsLeft, tallyByClass } from './tally';
