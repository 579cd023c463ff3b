import type { ReactNode } from 'react';
import './globals.css';

/** The root layout only passes through: `<html>` is rendered by app/[locale]/layout.tsx. */
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
