/**
 * The sponsors of /sponsors (spec §2 Static pages, §3 Sponsor): a grid of cards with the logo
 * (alt = the sponsor's name), name, description and link. A link to another site opens in a
 * new tab (rel noopener) and says so to screen readers; a site path (`/series`) stays in the
 * page's language.
 */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import { sponsorLink, type Sponsor } from '@/lib/cms';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { CmsImage } from './CmsImage';

export async function SponsorGrid({ sponsors, locale }: { sponsors: Sponsor[]; locale: Locale }) {
  const [t, shell] = await Promise.all([getTranslations({ locale, namespace: 'content.sponsors' }), getTranslations({ locale, namespace: 'shell' })]);
  return (
    <Box
      component="ul"
      data-testid="sponsor-grid"
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } }}
    >
      {sponsors.map((s) => {
        const link = sponsorLink(s.Link);
        return (
          <li key={s.id}>
            <Paper component="article" variant="outlined" aria-labelledby={`sponsor-${s.id}`} sx={{ p: 2, height: '100%', display: 'flex', flexDirection: 'column', gap: 1.5 }}>
              {s.Logo && (
                <Box sx={{ height: 120, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.50', borderRadius: 1, p: 1 }}>
                  <CmsImage media={s.Logo} alt={s.Name} style={{ maxHeight: '100%', width: 'auto', objectFit: 'contain' }} />
                </Box>
              )}
              <Typography component="h2" variant="h6" id={`sponsor-${s.id}`} sx={{ lineHeight: 1.3, overflowWrap: 'anywhere' }}>
                {s.Name}
              </Typography>
              {s.Description && <Typography sx={{ overflowWrap: 'anywhere' }}>{s.Description}</Typography>}
              {link && (
                <Box sx={{ mt: 'auto' }}>
                  {link.kind === 'site' ? (
                    <Link href={link.href}>{t('more', { name: s.Name })}</Link>
                  ) : (
                    <a href={link.href} target="_blank" rel="noopener noreferrer">
                      {t('website', { name: s.Name })}
                      <span className="visually-hidden"> {shell('opensInNewTab')}</span>
                    </a>
                  )}
                </Box>
              )}
            </Paper>
          </li>
        );
      })}
    </Box>
  );
}
