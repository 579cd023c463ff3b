/**
 * Documents to download (spec §2 Static pages: /documents, the rulebook on /rules). Phone
 * first: one card per document, never wider than the screen, with its title, description,
 * type (translated), date and file size in the page's language, and a download link whose
 * text names the file and its format for screen readers ("Download: Rulebook 2026 (PDF, 182 KB)").
 */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import { documentDate, fileFormat, formatFileSize, mediaUrl, type CmsDocument } from '@/lib/cms';
import { formatDate } from '@/lib/format';
import type { Locale } from '@/lib/i18n/routing';

export async function DocumentList({ documents, locale, headingLevel = 2 }: { documents: CmsDocument[]; locale: Locale; headingLevel?: 2 | 3 }) {
  const t = await getTranslations({ locale, namespace: 'content.documents' });
  const units = { kb: t('kb'), mb: t('mb') };
  return (
    <Box component="ul" data-testid="document-list" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
      {documents.map((d) => {
        const href = mediaUrl(d.File?.url);
        const format = d.File ? fileFormat(d.File) : null;
        const size = d.File?.size != null ? formatFileSize(d.File.size, locale, units) : null;
        const date = documentDate(d);
        const details = [format, size].filter(Boolean).join(', ');
        return (
          <li key={d.id}>
            <Paper component="article" variant="outlined" aria-labelledby={`document-${d.id}`} sx={{ p: 2, height: '100%', display: 'flex', flexDirection: 'column', gap: 1 }}>
              <Typography component={`h${headingLevel}`} variant="h6" id={`document-${d.id}`} sx={{ lineHeight: 1.3, overflowWrap: 'anywhere' }}>
                {d.Title}
              </Typography>
              {d.Description && <Typography sx={{ overflowWrap: 'anywhere' }}>{d.Description}</Typography>}
              <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.5, m: 0, color: 'text.secondary', fontSize: '0.9rem' }}>
                <dt>{t('type')}</dt>
                <Box component="dd" sx={{ m: 0 }}>
                  {t(`types.${d.Type}`)}
                </Box>
                {date && (
                  <>
                    <dt>{t('date')}</dt>
                    <Box component="dd" sx={{ m: 0 }}>
                      <time dateTime={date}>{formatDate(date, locale)}</time>
                    </Box>
                  </>
                )}
                {size && (
                  <>
                    <dt>{t('size')}</dt>
                    <Box component="dd" sx={{ m: 0 }}>
                      {size}
                    </Box>
                  </>
                )}
              </Box>
              <Box sx={{ mt: 'auto', pt: 1 }}>
                {href ? (
                  <a href={href} download={d.File?.name ?? ''} type={d.File?.mime ?? undefined}>
                    {t('download')}
                    <span className="visually-hidden">: {d.Title}</span>
                    {details && ` (${details})`}
                  </a>
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    {t('noFile')}
                  </Typography>
                )}
              </Box>
            </Paper>
          </li>
        );
      })}
    </Box>
  );
}
