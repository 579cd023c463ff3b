/**
 * Keyboard focus inside a modal native `<dialog>` (components/ui/Dialog.tsx, the menu drawer):
 * which controls take focus, and Tab / Shift+Tab wrapping from the last to the first and back,
 * as MUI's focus trap does (the browser's own modal lets Tab leave to the address bar).
 */
import type { KeyboardEvent } from 'react';

/** Form fields that take focus. */
export const FIELDS = 'input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled])';
/** Every control that takes focus. */
export const FOCUSABLE = `${FIELDS}, a[href], button:not([disabled]), summary, [tabindex]:not([tabindex="-1"])`;

/** The elements of `root` matching `selector` that are shown (laid out: not `display: none`, not in a closed disclosure). */
export function focusables(root: HTMLElement, selector: string = FOCUSABLE): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(selector)).filter((el) => el.getClientRects().length > 0);
}

/** A dialog's `onKeyDown`: Tab on its last control goes to its first, Shift+Tab on its first to its last. */
export function keepTabInside(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Tab') return;
  const controls = focusables(event.currentTarget);
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
