/**
 * Events (spec §2 /results/{promoterUserId}, /events/{id}; §3 Event; §4 Registration status;
 * §7 livelaps/promoter/event/*, livelaps/promoter/race/classLink). One use case per file.
 */
export { listPromoterEvents, type EventSummary, type PromoterEvents } from './list-promoter-events';
export { getEvent, type EventDetails } from './get-event';
export { listEventRaces, type EventRace } from './list-event-races';
export { requirePublicEvent, requirePublicRace } from './public-event';
export { eventRegistration, type EventRegistration } from './registration-status';
export { getAccordionRaces } from './get-accordion-races';
export { getAccordionClasses } from './get-accordion-classes';
export { getClassLinks } from './get-class-links';
export { getParticipantsDT } from './get-participants';
export { getRacesStartGrid } from './get-races-start-grid';
export { getEventSeries, getRaceSeries } from './get-event-series';
