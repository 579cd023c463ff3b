'use client';
/**
 * The sheet's Print button: opens the browser's print dialog (the sheet's own print styles set
 * the paper, orientation, page numbers and repeated headers). Rendered disabled until React has
 * hydrated, so a tap before that does nothing silently.
 */
import PrintIcon from '@mui/icons-material/Print';
import Button from '@mui/material/Button';
import { useSyncExternalStore } from 'react';

/** Nothing to subscribe to: the value only differs between the server render (false) and the browser (true). */
const noSubscribe = () => () => {};

export function PrintButton({ label }: { label: string }) {
  const ready = useSyncExternalStore(noSubscribe, () => true, () => false);
  return (
    <Button variant="contained" startIcon={<PrintIcon />} disabled={!ready} onClick={() => window.print()}>
      {label}
    </Button>
  );
}
