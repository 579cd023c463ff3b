/** Outgoing email (DESIGN.md "email"): build, outbox, SMTP. */
export { composeMail, type ComposedMail, type MailAttachment, type OutgoingMail } from './compose-mail';
export { deliverMail, SMTP_TIMEOUTS_MS, type Delivery } from './deliver-mail';
export { outboxDir, outboxFileName, writeOutbox } from './outbox';
export { sendMail, type SentMail } from './send-mail';
export { actionLinkMail, type ActionLinkMailInput } from './action-link-mail';
