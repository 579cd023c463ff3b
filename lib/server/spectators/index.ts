/**
 * Spectator registration (issue 28 "The four steps"; spec §3 Spectator, §4 Spectator registration,
 * §5 Spectator, §6, §8 Spectator): the buyer's registration for an event day, its spectators and
 * their waivers (signing itself is lib/server/waivers `signSpectatorWaiver`), the summary and the
 * payment with the day's capacity, and what a paid order or a released hold does to it. Tickets
 * and the gate are lib/server/tickets. One use case per file; this file only re-exports.
 */
export { addSpectator, SpectatorEmailExistsError } from './add-spectator';
export { buyerDefaults, type BuyerDefaults } from './buyer-defaults';
export { cancelReleasedSpectatorRegistrations } from './cancel-released';
export { completeSpectatorRegistration } from './complete-registration';
export { getSpectatorRegistration, registrationView } from './get-registration';
export { getSpectatorWaiverByLink } from './get-waiver-by-link';
export { quoteSpectatorRegistration } from './quote-registration';
export { removeSpectator } from './remove-spectator';
export { eventDays, isAdultOn, isEventDay, personKey, spectatorAge, ticketsFit, ticketsLeft } from './rules';
export { sendWaiverLink, waiverLink, waiverLinkMail, type WaiverLinkMailInput } from './send-waiver-link';
export { checkBuyerStart, openBuyerRegistration, startSpectatorRegistration, type BuyerStart } from './start-registration';
export { submitSpectatorRegistration, type SpectatorSubmitResult } from './submit-registration';
export { assertPersonFree, loadTicketEvent, sellingEvent, spectatorBuyer, type TicketEvent } from './spectator-context';
export { spectatorWaiver, spectatorWaivers, type SpectatorWaiver } from './spectator-waivers';
export { ticketLines, ticketOrderInput, ticketProvince } from './ticket-order';
export { getGateSigningContext } from './get-gate-signing-context';
export { registrationTickets, type ShownTicket } from './registration-tickets';
export { getTicketOffer, type TicketOffer } from './ticket-offer';
export { transferTicket } from './transfer-ticket';
