/** Renders CMS HTML after sanitising it (lib/cms/html). */
import Box from '@mui/material/Box';
import { sanitizeRichText } from '@/lib/cms/html';
import type { Locale } from '@/lib/i18n/routing';

export function RichText({ html, locale }: { html: string | null | undefined; locale: Locale }) {
  return <Box className="rich-text" sx={{ lineHeight: 1.65, '& p': { mt: 0 } }} dangerouslySetInnerHTML={{ __html: sanitizeRichText(html, locale) }} />;
}
