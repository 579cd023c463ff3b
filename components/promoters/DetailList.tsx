/**
 * Contact details as a description list (label, value), two columns that stay inside a phone
 * screen (long addresses and links wrap). Empty values are left out; nothing when all are.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function DetailList({ items }: { items: { label: string; value: ReactNode | null }[] }) {
  const shown = items.filter((i) => i.value !== null && i.value !== undefined && i.value !== '');
  if (!shown.length) return null;
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.75, m: 0, '& dd': { m: 0, overflowWrap: 'anywhere' } }}>
      {shown.map((i) => (
        <Box key={i.label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {i.label}
          </Typography>
          <Typography component="dd" variant="body2">
            {i.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Plain paragraphs (already split). */
export function Paragraphs({ items }: { items: string[] }) {
  return (
    <>
      {items.map((p, i) => (
        <Typography key={i} sx={{ mb: 1.5, whiteSpace: 'pre-line' }}>
          {p}
        </Typography>
      ))}
    </>
  );
}
