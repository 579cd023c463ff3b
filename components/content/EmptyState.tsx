/**
 * What a content page shows when it has nothing to show (spec §2 Static pages): a sentence in
 * the page's language, announced politely (role=status). The same place says when the CMS is
 * unavailable; the page still answers 200.
 */
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Typography role="status" sx={{ py: 2 }}>
      {children}
    </Typography>
  );
}
