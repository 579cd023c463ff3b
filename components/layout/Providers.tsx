'use client';
/**
 * Client-side providers: Emotion cache for the App Router (MUI), the MUI theme built from the
 * site parameters (spec §3 Theme settings, §9 colours), and TanStack Query.
 */
import { AppRouterCacheProvider } from '@mui/material-nextjs/v16-appRouter';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import type { SiteSettings } from '@/lib/contracts/site';

export function Providers({ settings, children }: { settings: SiteSettings; children: ReactNode }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } } }),
  );
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
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </ThemeProvider>
    </AppRouterCacheProvider>
  );
}
