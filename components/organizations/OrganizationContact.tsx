/**
 * An organization's contact section (spec §2 /organizations/{id?}/contact): the site's contact
 * form addressed to the organization: the form sends its id, the server looks up the address
 * (lib/server/contact); the heading and the success text name the organization.
 *
 * Plain HTML (issue 23): the introduction is rendered here on the server; the form itself (MUI
 * and TanStack Query) is loaded lazily by the client leaf ./ContactFormLoader once the page is
 * interactive, with the `contact` messages it reads given around it only (not to every page of
 * the main layout). With JavaScript off, the organization's email address, when it has one,
 * stands in for the form.
 */
import { getTranslations } from 'next-intl/server';
import { mailtoHref } from '@/components/promoters/contact-links';
import { withClientMessages } from '@/components/layout/client-messages';
import type { Locale } from '@/lib/config';
import { elide } from '@/lib/format';
import type { OrganizationDetails } from '@/lib/server/organizations';
import { ContactFormLoader } from './ContactFormLoader';
import css from './organizations.module.css';

/** The messages the contact form reads (components/contact/ContactForm: `useTranslations('contact')`). */
const FORM_MESSAGES = ['contact'] as const;

export async function OrganizationContact({ locale, organization, captchaSiteKey }: { locale: Locale; organization: Pick<OrganizationDetails, 'id' | 'name' | 'email'>; captchaSiteKey: string | null }) {
  const [t, ta] = await Promise.all([getTranslations({ locale, namespace: 'directory.contact' }), getTranslations({ locale, namespace: 'directory.about' })]);
  const values = { name: organization.name, elide: elide(organization.name) };
  const mail = mailtoHref(organization.email);
  return (
    <>
      <p className={css.lead}>{t('intro', values)}</p>
      {await withClientMessages(FORM_MESSAGES, <ContactFormLoader captchaSiteKey={captchaSiteKey} organizationId={organization.id} title={t('title', values)} successText={t('success', values)} />)}
      {mail && (
        <noscript>
          <p className={css.noscript}>
            {ta('email')}: <a href={mail}>{organization.email}</a>
          </p>
        </noscript>
      )}
    </>
  );
}
