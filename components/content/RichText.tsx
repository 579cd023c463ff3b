/** Renders CMS HTML after sanitising it (lib/cms/html). */
import Box from '@mui/material/Box';
import { sanitizeRichText } from '@/lib/cms/html';

export function RichText({ html }: { html: string | null | undefined }) {
  return <Box className="rich-text" sx={{ lineHeight: 1.65, '& p': { mt: 0 } }} dangerouslySetInnerHTML={{ __html: sanitizeRichText(html) }} />;
}
