/**
 * The contact form's check (spec §1 "a contact page"; §5 Email): `zodResolver(contactFormInput)`.
 * Loaded only through `import()` by the form's `lazyResolver` (lib/forms/lazy-resolver.ts), so
 * that zod is not in the contact pages' first load (issue 23); never import it statically from
 * a client component (`import type` is fine).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { contactFormInput } from '@/lib/contracts/contact';

/** ContactForm: name, email, message, captcha token (the honeypot is the server's to judge). */
export const contactResolver = zodResolver(contactFormInput);
