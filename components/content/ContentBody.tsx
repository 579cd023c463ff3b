/**
 * CMS rich text for a content page (simple pages, the rulebook, news, presentations) that
 * never makes the page wider than the screen (DESIGN.md, Phone first): long words wrap,
 * images shrink, and content holding a table (the series archive) scrolls sideways inside
 * its own box, which is then a named, keyboard-focusable region so it can be scrolled
 * without a mouse.
 */
import Box from '@mui/material/Box';
import { RichText } from '@/components/content/RichText';
import type { Locale } from '@/lib/i18n/routing';

export function ContentBody({ html, locale, label }: { html: string; locale: Locale; label: string }) {
  const wide = /<table[\s>]/i.test(html);
  return (
    <Box
      {...(wide ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
      data-testid="content-body"
      sx={{
        maxWidth: '100%',
        overflowX: 'auto',
        overflowWrap: 'anywhere',
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        '& img': { maxWidth: '100%', height: 'auto' },
        '& table': { borderCollapse: 'collapse', my: 2, overflowWrap: 'normal' },
        '& th, & td': { border: '1px solid', borderColor: 'divider', px: 1, py: 0.5, textAlign: 'left', verticalAlign: 'top' },
        '& th': { bgcolor: 'grey.100' },
      }}
    >
      <RichText html={html} locale={locale} />
    </Box>
  );
}
