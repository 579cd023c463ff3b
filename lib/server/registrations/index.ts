/**
 * Event registration (issue 27 "Registration"; spec §1 register for events, §3 Registration, §6
 * Online registration): registering (one transaction with its order), the waiting list and its
 * offers, cancelling within the refund policy, the start grid (registration order or the
 * promoter's draw), and what a released hold or a late payment does to
 * an entry. One use case per file; this file only re-exports. The public counts and lists are
 * lib/server/registration (§7 registration/*).
 */
export { acceptOffer } from './accept-offer';
export { cancelRegistration, type CancelResult } from './cancel-registration';
export { cancelReleasedEntries } from './cancel-released-entries';
export { classPlaces, lockClasses, type ClassPlaces, type LockedClass } from './class-places';
export { lapseOffers, type RegistrationOffersPayload, type RegistrationOffersResult } from './lapse-offers';
export { offerFreedPlaces, offerLink, offerMail, type MadeOffer, type OfferMailInput } from './offer-places';
export { openRegistration, planRegistration, type AlreadyRegistered, type OpenedRegistration, type RegistrationPlan } from './plan-registration';
export { quoteRegistration } from './quote-registration';
export { registerForEvent } from './register-for-event';
export { entriesStillFree, retakeEntries } from './retake-entries';
export { chooseRaceNumber, entryFee, fitsAge, hasRoom, placesToOffer, refundPercent, type ClassFees, type RaceNumberRefusal } from './rules';
export { ENTRY_LIST_HEADER, exportEntryList, type EntryListFile } from './export-entry-list';
export { clearStartGrid, drawStartGrid } from './draw-start-grid';
export { shuffle } from './shuffle';
export { getStartGrid, readStartGrid, startGridOrder } from './start-grid';
