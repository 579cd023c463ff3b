'use client';
/**
 * Where an organization's contact form goes (spec §2 /organizations/{id?}/contact): a tiny
 * client leaf (issue 23) that loads the form (./OrganizationContactForm: MUI, react-hook-form,
 * zod, TanStack Query) with `next/dynamic` once the page is interactive, in the browser only,
 * and holds its room meanwhile so that nothing below it jumps. Lazy because the form is the only
 * MUI of the organization pages: none of it is in their first load, and only the contact
 * section ever fetches its code. Without JavaScript the form could not send anyway (the
 * captcha, the JSON call); the section shows the organization's email address instead.
 */
import dynamic from 'next/dynamic';
import type { ContactFormProps } from '@/components/contact/ContactForm';
import css from './organizations.module.css';

const OrganizationContactForm = dynamic(() => import('./OrganizationContactForm'), { ssr: false, loading: () => <div className={css.formSpace} /> });

export function ContactFormLoader(props: ContactFormProps) {
  return <OrganizationContactForm {...props} />;
}
