/**
 * The MUI theme of the site (spec §3 Theme settings, §9 colours): the CMS colours as MUI's
 * palette, the system font, compact table cells. Built by ./MuiIsland.tsx for the MUI pieces
 * loaded when used (the rider and season dialogs, the charts, the results filter panel).
 */
import { createTheme, type Theme } from '@mui/material/styles';

/** The colours the theme takes (a subset of the CMS's `SiteSettings['colors']`). */
export type ThemeColors = Record<'primary' | 'secondary' | 'info' | 'warning' | 'error' | 'success', string>;

export function muiTheme(c: ThemeColors): Theme {
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
}
