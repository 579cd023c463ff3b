/**
 * Keyboard helpers of the plain-HTML menus (issue 23; WAI-ARIA menu pattern:
 * ArrowDown/ArrowUp move between the items and wrap, Home/End go to the first/last).
 */
import type { KeyboardEvent } from 'react';

const ITEMS = '[role=menuitem]:not([disabled])';

/** Focuses the first menu item inside `menu` (after opening it from the keyboard or by click). */
export function focusFirstItem(menu: HTMLElement | null): void {
  menu?.querySelector<HTMLElement>(ITEMS)?.focus();
}

/** Moves focus inside the menu `event.currentTarget` for the arrow keys, Home and End; true when it did. */
export function moveInMenu(event: KeyboardEvent<HTMLElement>): boolean {
  const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(ITEMS));
  if (!items.length) return false;
  const at = items.indexOf(document.activeElement as HTMLElement);
  const next =
    event.key === 'ArrowDown' ? (at + 1) % items.length
    : event.key === 'ArrowUp' ? (at <= 0 ? items.length - 1 : at - 1)
    : event.key === 'Home' ? 0
    : event.key === 'End' ? items.length - 1
    : null;
  if (next === null) return false;
  event.preventDefault();
  items[next]?.focus();
  return true;
}

/** The attributes that make a button open a native `<dialog id>` as a modal without JavaScript (HTML invoker commands). */
export function showModalCommand(id: string): Record<string, string> {
  return { commandfor: id, command: 'show-modal' };
}

/** The attributes that make a button close a native `<dialog id>` without JavaScript. */
export function closeCommand(id: string): Record<string, string> {
  return { commandfor: id, command: 'close' };
}
