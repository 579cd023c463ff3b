/**
 * The frame of the login, forgot-password and reset-password pages (spec §2 "Login, forgot
 * password, reset password"): one centred card, at most 480 px wide and full width on a phone,
 * with the page's second-level heading (the sub-header holds the h1) and an optional intro.
 * No hooks: usable from server components and client leaves alike.
 */
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

export interface AuthCardProps {
  /** The translated heading (h2). */
  heading: string;
  /** The id of the heading, for `aria-labelledby` of a form inside. */
  headingId?: string;
  /** A translated sentence under the heading. */
  intro?: string;
  children: ReactNode;
}

export function AuthCard({ heading, headingId, intro, children }: AuthCardProps) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 4 } }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 480, p: { xs: 2, sm: 3 }, borderRadius: 2 }}>
        <Typography id={headingId} variant="h5" component="h2" sx={{ mb: intro ? 1 : 2, fontWeight: 600 }}>
          {heading}
        </Typography>
        {intro ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {intro}
          </Typography>
        ) : null}
        {children}
      </Paper>
    </Box>
  );
}
