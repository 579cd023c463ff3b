/**
 * One section of the account pages (issue 11 "Profiles"): a landmark `<section>` named by its
 * heading (h2; the page title is the h1 of the sub-header), an anchor id the page's
 * table of contents links to, and an optional short introduction.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function AccountSection({ id, title, intro, children }: { id: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <Box component="section" id={id} aria-labelledby={`${id}-title`} sx={{ mt: 4, scrollMarginTop: 16 }} data-testid={`account-${id}`}>
      <Typography component="h2" variant="h5" id={`${id}-title`} sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {intro ? (
        <Typography color="text.secondary" sx={{ mb: 2, fontSize: 15 }}>
          {intro}
        </Typography>
      ) : null}
      {children}
    </Box>
  );
}

/** An empty state inside a section ('No results yet' …). */
export function EmptyState({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Typography sx={{ py: 2, px: 2, bgcolor: 'action.hover', borderRadius: 1 }} data-testid={testId}>
      {children}
    </Typography>
  );
}
