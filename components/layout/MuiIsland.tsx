'use client';
/**
 * The site's MUI theme around a piece of MUI loaded when used (issue 23: a dialog, a chart, a
 * form control that only appears on demand, on a page that is otherwise plain HTML). Rendered
 * in the browser only (load such pieces with `next/dynamic(…, { ssr: false })`): the theme's
 * colours are read from the CMS colours the page carries as custom properties on <body>
 * (app/[locale]/layout.tsx). Import it from the lazily loaded module, never from a page's first load.
 */
import { ThemeProvider } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import { muiTheme, type ThemeColors } from './mui-theme';

const FALLBACK: ThemeColors = { primary: '#1976d2', secondary: '#9c27b0', info: '#0288d1', warning: '#ed6c02', error: '#d32f2f', success: '#2e7d32' };

/** The CMS colours from <body>'s custom properties (`--c-primary` …), MUI's defaults where one is missing. */
function pageColors(): ThemeColors {
  const style = getComputedStyle(document.body);
  const read = (name: keyof ThemeColors) => style.getPropertyValue(`--c-${name}`).trim() || FALLBACK[name];
  return { primary: read('primary'), secondary: read('secondary'), info: read('info'), warning: read('warning'), error: read('error'), success: read('success') };
}

export function MuiIsland({ children }: { children: ReactNode }) {
  const theme = useMemo(() => muiTheme(pageColors()), []);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
