'use client';
/**
 * The contact form of an organization's contact section (spec §2 /organizations/{id?}/contact),
 * as a module loaded when used (issue 23): the site's contact form (components/contact/
 * ContactForm: native fields, react-hook-form, zod and TanStack Query's mutation) inside TanStack
 * Query's provider. Imported only by ./ContactFormLoader
 * through `next/dynamic(…, { ssr: false })`, so none of it is in the page's first load.
 */
import { ContactForm, type ContactFormProps } from '@/components/contact/ContactForm';
import { QueryProvider } from '@/components/layout/QueryProvider';

export default function OrganizationContactForm(props: ContactFormProps) {
  return (
    <QueryProvider>
      <ContactForm {...props} />
    </QueryProvider>
  );
}
