/**
 * A club's details on its page (spec §2 /promoters/{id}): its description paragraphs and its
 * contact details (city, website, email as mailto, phone, organization), and a link to all its
 * results (/results/{promoterUserId}).
 */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/config';
import { Link } from '@/lib/i18n/navigation';
import type { PromoterDetails } from '@/lib/server/promoters';
import { mailtoHref, paragraphs, phoneHref, websiteHref, websiteLabel } from './contact-links';
import { DetailList, Paragraphs } from './DetailList';

export async function PromoterDetailsPanel({ locale, promoter }: { locale: Locale; promoter: PromoterDetails }) {
  const t = await getTranslations({ locale, namespace: 'directory.promoter' });
  const about = paragraphs(promoter.description);
  const web = websiteHref(promoter.website);
  const mail = mailtoHref(promoter.email);
  const tel = phoneHref(promoter.phone);
  const place = [promoter.city, promoter.state].filter(Boolean).join(', ');
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: about.length ? 'minmax(0, 2fr) minmax(0, 1fr)' : 'minmax(0, 1fr)' }, mb: 3 }}>
      {about.length > 0 && (
        <Box component="section" aria-labelledby="promoter-about">
          <Typography id="promoter-about" component="h2" variant="h6" gutterBottom>
            {t('about')}
          </Typography>
          <Paragraphs items={about} />
        </Box>
      )}
      <Paper component="section" aria-labelledby="promoter-details" variant="outlined" sx={{ p: 2, minWidth: 0 }}>
        <Typography id="promoter-details" component="h2" variant="h6" gutterBottom>
          {t('details')}
        </Typography>
        <DetailList
          items={[
            { label: t('city'), value: place || null },
            { label: t('website'), value: web ? <a href={web} rel="noopener noreferrer">{websiteLabel(web)}</a> : null },
            { label: t('email'), value: mail ? <a href={mail}>{promoter.email}</a> : null },
            { label: t('phone'), value: tel ? <a href={tel}>{promoter.phone}</a> : promoter.phone },
            { label: t('organization'), value: promoter.organization ? <Link href={`/organizations/${promoter.organization.id}`}>{promoter.organization.name}</Link> : null },
          ]}
        />
        <Typography variant="body2" sx={{ mt: 1.5 }}>
          <Link href={`/results/${promoter.userId}`}>{t('allResults')}</Link>
        </Typography>
      </Paper>
    </Box>
  );
}
