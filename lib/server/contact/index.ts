/** The contact form (spec §1 contact page): store, outbox, send; rate limit and captcha. */
export { contactMail, type ContactMailInput } from './contact-mail';
export { checkContactRateLimit, RateLimitedError } from './rate-limit';
export { sendContactMessage, type ContactContext, type ContactMessageResult } from './send-contact-message';
export { CAPTCHA_TIMEOUT_MS, captchaSecret, SITEVERIFY_URL, verifyCaptcha } from './verify-captcha';
