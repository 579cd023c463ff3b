/**
 * The news cards of /news (spec §2 Static pages): image (lazy, sized), date in the page's
 * language, title linking to /news/{Slug}, summary. Phone first: the image sits above the
 * text, beside it from `sm` up.
 */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { NewsArticle } from '@/lib/cms';
import { formatDate } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { CmsImage } from './CmsImage';

export function NewsList({ articles, locale }: { articles: NewsArticle[]; locale: Locale }) {
  return (
    <Box component="ul" data-testid="news-list" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
      {articles.map((a) => (
        <li key={a.id}>
          <Paper
            component="article"
            variant="outlined"
            aria-labelledby={`news-${a.id}`}
            sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, overflow: 'hidden' }}
          >
            {a.Image && (
              <Box sx={{ flex: { sm: '0 0 240px' }, bgcolor: 'grey.100' }}>
                <CmsImage media={a.Image} alt={a.Image.alternativeText ?? ''} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
              </Box>
            )}
            <Box sx={{ p: 2, minWidth: 0 }}>
              {a.PublishedDate && (
                <Typography variant="body2" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
                  <time dateTime={a.PublishedDate}>{formatDate(a.PublishedDate, locale)}</time>
                </Typography>
              )}
              <Typography component="h2" variant="h6" id={`news-${a.id}`} sx={{ lineHeight: 1.3, mb: 1, overflowWrap: 'anywhere' }}>
                <Link href={`/news/${a.Slug}`}>{a.Title}</Link>
              </Typography>
              {a.Summary && <Typography sx={{ overflowWrap: 'anywhere' }}>{a.Summary}</Typography>}
            </Box>
          </Paper>
        </li>
      ))}
    </Box>
  );
}
