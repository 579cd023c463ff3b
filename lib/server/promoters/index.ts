/**
 * Promoters (clubs) as visitors see them (spec §2 /promoters/{id?}, /promoters/events/{id?};
 * §7 livelaps/promoter/{id}, livelaps/promoter/{id}/series). One use case per file.
 */
export { getPublicPromoter, getPromoterCounts, countUpcomingEvents, type PromoterDetails, type PromoterCounts } from './get-promoter';
export { listPromoters, type PromoterCard } from './list-promoters';
export { listEventCards, groupBySeason, isUpcoming, type EventCard, type EventsBySeason } from './list-event-cards';
export { listPromoterEventsBySeason } from './list-promoter-events-by-season';
export { listSeriesOfPromoters, type SeriesCard } from './list-series';
