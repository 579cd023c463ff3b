'use client';
/**
 * The sheet's Print button: opens the browser's print dialog (the sheet's own print styles set
 * the paper, orientation, page numbers and repeated headers). Rendered disabled until React has
 * hydrated, so a tap before that does nothing silently. Plain HTML (issue 23): a small client
 * leaf with MUI's contained button look (`ui.button`) and its Print icon.
 */
import { useHydrated } from '@/components/ui/use-hydrated';
import { Icon } from '@/components/ui/Icon';
import { PRINT } from '@/components/ui/icons/print';
import ui from '@/components/ui/ui.module.css';

export function PrintButton({ label }: { label: string }) {
  const ready = useHydrated();
  return (
    <button type="button" className={`${ui.button} ${ui.contained}`} disabled={!ready} onClick={() => window.print()}>
      <Icon path={PRINT} size={20} />
      {label}
    </button>
  );
}
