'use client';
/**
 * A menu in a popover (issue 23: the language and account menus without MUI): its button opens
 * it through `popovertarget` (so it works without JavaScript; Escape and a click outside close
 * it, focus returns to the button); with JavaScript the hook mirrors its state for
 * `aria-expanded`, focuses the first item on opening and moves between items with the arrow keys.
 */
import { useCallback, useEffect, useState, type KeyboardEvent, type RefObject } from 'react';
import { focusFirstItem, moveInMenu } from './menu-keys';

/** The state and handlers of the popover menu `listRef` (its element has `popover` and `role="menu"`). */
export function usePopoverMenu(listRef: RefObject<HTMLElement | null>) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const onToggle = (e: Event) => {
      const opened = (e as ToggleEvent).newState === 'open';
      setOpen(opened);
      if (opened) focusFirstItem(list);
    };
    list.addEventListener('toggle', onToggle);
    return () => list.removeEventListener('toggle', onToggle);
  }, [listRef]);
  const close = useCallback(() => {
    if (listRef.current?.matches(':popover-open')) listRef.current.hidePopover();
  }, [listRef]);
  const onKeyDown = useCallback((e: KeyboardEvent<HTMLElement>) => {
    if (moveInMenu(e)) return;
    if (e.key === 'Tab') close();
  }, [close]);
  return { open, close, onKeyDown };
}
