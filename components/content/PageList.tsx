/**
 * A list of linked entries with a short description (spec §2: /simple-page without a
 * SeoLink, /presentation without an id): each entry's title links to its page.
 */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link } from '@/lib/i18n/navigation';

export interface PageListItem {
  key: string | number;
  /** A site path without language prefix (`/simple-page/privacy`). */
  href: string;
  title: string;
  description: string | null;
}

export function PageList({ items, testId }: { items: PageListItem[]; testId?: string }) {
  return (
    <Box component="ul" data-testid={testId} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
      {items.map((item) => (
        <li key={item.key}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography component="h2" variant="h6" sx={{ lineHeight: 1.3, overflowWrap: 'anywhere', mb: item.description ? 0.5 : 0 }}>
              <Link href={item.href}>{item.title}</Link>
            </Typography>
            {item.description && <Typography sx={{ overflowWrap: 'anywhere' }}>{item.description}</Typography>}
          </Paper>
        </li>
      ))}
    </Box>
  );
}
