/**
 * An organization's contact section (spec §2 /organizations/{id?}/contact): the site's contact
 * form addressed to the organization: the form sends its id, the server looks up the address
 * (lib/server/contact); the heading and the success text name the organization.
 */
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import { ContactForm } from '@/components/contact/ContactForm';
import type { Locale } from '@/lib/config';
import { elide } from '@/lib/format';

export async function OrganizationContact({ locale, organization, captchaSiteKey }: { locale: Locale; organization: { id: number; name: string }; captchaSiteKey: string | null }) {
  const t = await getTranslations({ locale, namespace: 'directory.contact' });
  const values = { name: organization.name, elide: elide(organization.name) };
  return (
    <>
      <Typography sx={{ maxWidth: 640 }}>{t('intro', values)}</Typography>
      <ContactForm captchaSiteKey={captchaSiteKey} organizationId={organization.id} title={t('title', values)} successText={t('success', values)} />
    </>
  );
}
