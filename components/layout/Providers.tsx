'use client';
/**
 * Client-side providers: Emotion cache for the App Router (MUI), the MUI theme built from the
 * site parameters (spec §3 Theme settings, §9 colours). TanStack Query is provided only by the
 * routes that fetch from the browser (./QueryProvider.tsx).
 */
import { AppRouterCacheProvider } from '@mui/material-nextjs/v16-appRouter';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import type { SiteSettings } from '@/lib/contracts/site';

export function Providers({ settings, children }: { settings: SiteSettings; children: ReactNode }) {
  const theme = useMemo(() => {
    const c = settings.colors;
    return createTheme({
      palette: {
        primary: { main: c.primary },
        secondary: { main: c.secondary },
        info: { main: c.info },
        warning: { main: c.warning },
        error: { main: c.error },
        success: { main: c.success },
      },
      typography: {
        fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      },
      components: {
        MuiTableCell: { styleOverrides: { root: { paddingTop: 6, paddingBottom: 6 } } },
      },
    });
  }, [settings]);
  return (
    <AppRouterCacheProvider>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </AppRouterCacheProvider>
  );
}
