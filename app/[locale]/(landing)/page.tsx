/**
 * Home (spec §2 Landing page): rotating image carousel, action buttons and up to 4 content
 * sections, from the CMS home content in the current language.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Carousel } from '@/components/home/Carousel';
import { RichText } from '@/components/content/RichText';
import { SubHeader } from '@/components/layout/SubHeader';
import { getHomeButtons, getHomeContent, mediaUrl } from '@/lib/cms';
import { LinkButton } from '@/components/ui/links';
import type { Locale } from '@/lib/i18n/routing';
import { isExternalLink } from '@/lib/navigation';

type Props = { params: Promise<{ locale: Locale }> };

export default async function HomePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [content, buttons, t, tMeta] = await Promise.all([
    getHomeContent(locale),
    getHomeButtons(locale),
    getTranslations({ locale, namespace: 'home' }),
    getTranslations({ locale, namespace: 'meta' }),
  ]);
  const slides = (content?.Images ?? []).flatMap((img) => {
    const src = mediaUrl(img.url);
    return src ? [{ src, alt: img.alternativeText ?? '' }] : [];
  });
  const sections = [content?.Section1, content?.Section2, content?.Section3, content?.Section4].filter(
    (s): s is NonNullable<typeof s> => !!s && !!(s.Title || s.Content),
  );
  return (
    <>
      <SubHeader locale={locale} path="/" fallback={tMeta('siteName')} title={content?.Title} />
      <Carousel slides={slides} />
      <Container sx={{ py: 3 }}>
        {buttons.length > 0 && (
          <Box component="nav" aria-label={t('actions')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 3 }}>
            {buttons.map((b) => {
              const href = b.Link ?? b.page_path;
              if (!href) return null;
              return isExternalLink(href) ? (
                <Button key={b.id} variant="contained" component="a" href={href}>
                  {b.name}
                </Button>
              ) : (
                <LinkButton key={b.id} variant="contained" href={href}>
                  {b.name}
                </LinkButton>
              );
            })}
          </Box>
        )}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {sections.map((s, i) => (
            <Paper key={i} component="section" variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
              {s.Title && (
                <Typography component="h2" variant="h5" gutterBottom>
                  {s.Title}
                </Typography>
              )}
              <RichText html={s.Content} locale={locale} />
            </Paper>
          ))}
        </Box>
      </Container>
    </>
  );
}
