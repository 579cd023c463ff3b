/**
 * An organization's about-us section (spec §2 /organizations/{id?}/about-us): its description
 * paragraphs, its contact details (address, phone, email as mailto, website) and its clubs,
 * each a link to its promoter page (/promoters/{promoterUserId}).
 */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/content/EmptyState';
import { mailtoHref, paragraphs, phoneHref, websiteHref, websiteLabel } from '@/components/promoters/contact-links';
import { DetailList, Paragraphs } from '@/components/promoters/DetailList';
import type { Locale } from '@/lib/config';
import { Link } from '@/lib/i18n/navigation';
import type { OrganizationDetails } from '@/lib/server/organizations';

export async function OrganizationAbout({ locale, organization: o }: { locale: Locale; organization: OrganizationDetails }) {
  const t = await getTranslations({ locale, namespace: 'directory.about' });
  const about = paragraphs(o.description);
  const web = websiteHref(o.website);
  const mail = mailtoHref(o.email);
  const tel = phoneHref(o.phone);
  const street = [o.address, [o.city, o.state].filter(Boolean).join(', '), o.postalCode].filter(Boolean);
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
      <Box sx={{ minWidth: 0 }}>
        {about.length ? <Paragraphs items={about} /> : <EmptyState>{t('noDescription')}</EmptyState>}
        <Box component="section" aria-labelledby="organization-clubs" sx={{ mt: 2 }}>
          <Typography id="organization-clubs" component="h2" variant="h6" gutterBottom>
            {t('clubs')}
          </Typography>
          {o.clubs.length ? (
            <Box component="ul" sx={{ m: 0, pl: 2.5, columns: { xs: 1, sm: 2 }, columnGap: 4 }}>
              {o.clubs.map((c) => (
                <Box component="li" key={c.userId} sx={{ mb: 0.75, breakInside: 'avoid', overflowWrap: 'anywhere' }}>
                  <Link href={`/promoters/${c.userId}`}>{c.name}</Link>
                  {c.city ? (
                    <Typography component="span" variant="body2" color="text.secondary">
                      {' '}
                      · {[c.city, c.state].filter(Boolean).join(', ')}
                    </Typography>
                  ) : null}
                </Box>
              ))}
            </Box>
          ) : (
            <EmptyState>{t('noClubs')}</EmptyState>
          )}
        </Box>
      </Box>
      <Paper component="section" aria-labelledby="organization-contact" variant="outlined" sx={{ p: 2, minWidth: 0 }}>
        <Typography id="organization-contact" component="h2" variant="h6" gutterBottom>
          {t('contact')}
        </Typography>
        <DetailList
          items={[
            { label: t('address'), value: street.length ? <Box component="span" sx={{ whiteSpace: 'pre-line' }}>{street.join('\n')}</Box> : null },
            { label: t('phone'), value: tel ? <a href={tel}>{o.phone}</a> : o.phone },
            { label: t('email'), value: mail ? <a href={mail}>{o.email}</a> : null },
            { label: t('website'), value: web ? <a href={web} rel="noopener noreferrer">{websiteLabel(web)}</a> : null },
          ]}
        />
      </Paper>
    </Box>
  );
}
