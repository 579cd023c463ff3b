/** Spectator tickets and the gate (issue 28 "Tickets and the gate"; spec §3 Spectator, §5 Spectator): issuing, signed codes, capacity per day, scans, counts, gate payment. Only re-exports. */
export { eventSpectatorSettings, lockTicketDay, ticketOrderStillFree, ticketsTakenOnDay } from './day-capacity';
export { gateCounts } from './gate-counts';
export { gateEvent, type GateEvent } from './gate-event';
export { issueTicketsForOrder, type IssuedTickets } from './issue-tickets';
export { matchTicketLines, type TicketLine } from './match-ticket-lines';
export { orderSpectators, orderTicketHolders, ticketSpectatorsOf, type TicketSpectator } from './order-spectators';
export { payTicketAtGate } from './pay-ticket-at-gate';
export { recordScans } from './record-scans';
export { ticketCode, verifyTicketCode, type TicketClaims } from './ticket-code';
export { ticketMail, ticketNumber, ticketQrPng, type MailedTicket, type TicketMailInput } from './ticket-mail';
export { orderUnpaidSql, TICKET_LINE_REFUND_PREFIX, ticketLineRefundKey, ticketStanding, ticketVoidedSql, type TicketStanding } from './ticket-status';
