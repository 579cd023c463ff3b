'use client';
/**
 * MUI's providers for the routes whose pages still render MUI components on the server
 * (./mui-layout.tsx): Emotion's cache for the App Router and the site's MUI theme
 * (./mui-theme.ts). The shell and the plain-HTML pages never load them (issue 23); the page
 * reset MUI's CssBaseline gave lives in app/globals.css.
 */
import { AppRouterCacheProvider } from '@mui/material-nextjs/v16-appRouter';
import { ThemeProvider } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import type { SiteSettings } from '@/lib/contracts/site';
import { muiTheme } from './mui-theme';

export function MuiProviders({ settings, children }: { settings: SiteSettings; children: ReactNode }) {
  const theme = useMemo(() => muiTheme(settings.colors), [settings]);
  return (
    <AppRouterCacheProvider>
      <ThemeProvider theme={theme}>{children}</ThemeProvider>
    </AppRouterCacheProvider>
  );
}
