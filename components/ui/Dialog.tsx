'use client';
/**
 * A modal dialog as a native `<dialog>` (issue 23: MUI's Dialog without MUI; the site's other
 * native dialog is the menu drawer, components/menu/MenuDrawer). While `open` is true it is shown
 * with `showModal()`: the page behind it is inert under a backdrop, Tab stays inside it. Its
 * `DialogTitle` names it (`aria-labelledby`); `describedBy` points at the text that explains it.
 * Escape, a click on the backdrop (both what MUI's `onClose` reported) and the owner's Cancel
 * button ask the owner to close it through `onClose`: the owner may refuse (a call under way)
 * by keeping `open` true. Opening it focuses `initialFocus`, else its first field, else its first
 * control; closing it gives focus back to the element that had it (the button that opened it),
 * when that is still on the page. Full screen under 600 px (MUI's `fullScreen` on phones), else
 * centred, at most 600 px wide (MUI's maxWidth `sm`; `fullWidth`: that wide); a long content
 * scrolls between the title and the actions. Its content is only rendered while it is open
 * (MUI unmounts it too: a form inside starts afresh each time).
 *
 *   <Dialog open={open} onClose={close} describedBy="x-body" data-testid="x-dialog">
 *     <DialogForm onSubmit={…}>
 *       <DialogTitle>Close your account?</DialogTitle>
 *       <DialogContent><p id="x-body" className={DIALOG_TEXT}>…</p>…fields…</DialogContent>
 *       <DialogActions><button type="button" …>Cancel</button><button type="submit" …>Close</button></DialogActions>
 *     </DialogForm>
 *   </Dialog>
 */
import { createContext, useContext, useId, useLayoutEffect, useRef, type FormHTMLAttributes, type MouseEvent, type ReactNode, type RefObject } from 'react';
import styles from './dialog.module.css';
import { FIELDS, focusables, keepTabInside } from './focus-trap';

/** The class of a dialog's explanatory text (MUI's DialogContentText: body text in the muted colour). */
export const DIALOG_TEXT = styles.text;

/** The id of the open dialog's title (its `DialogTitle` takes it). */
const TitleId = createContext<string | undefined>(undefined);

/** Whether a pointer event on the dialog element itself fell outside its box: on the backdrop. */
function onBackdrop(event: MouseEvent<HTMLDialogElement>): boolean {
  if (event.target !== event.currentTarget) return false;
  const r = event.currentTarget.getBoundingClientRect();
  return event.clientX < r.left || event.clientX > r.right || event.clientY < r.top || event.clientY > r.bottom;
}

export interface DialogProps {
  /** Shown (as a modal) while true. */
  open: boolean;
  /** Escape or a click on the backdrop: the owner closes the dialog by setting `open` to false, or keeps it open. */
  onClose: () => void;
  /** The id its `DialogTitle` takes (default: a generated one). */
  titleId?: string;
  /** The id of the text that explains it (`aria-describedby`). */
  describedBy?: string;
  /** The element focused once opened (default: the first field, else the first control). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** As wide as the screen allows up to 600 px, whatever its content (MUI's `fullWidth`). */
  fullWidth?: boolean;
  className?: string;
  'data-testid'?: string;
  /** The dialog's parts: `DialogTitle`, `DialogContent`, `DialogActions` (in a `DialogForm` for a form). */
  children: ReactNode;
}

/** The modal dialog (see the file's docstring). */
export function Dialog({ open, onClose, titleId, describedBy, initialFocus, fullWidth, className, children, ...rest }: DialogProps) {
  const ownId = useId();
  const labelId = titleId ?? `${ownId}-title`;
  const ref = useRef<HTMLDialogElement>(null);
  /** Where a press on the dialog began: a drag from a field out to the backdrop is no click on it. */
  const pressedOnBackdrop = useRef(false);

  // A layout effect: shown and closed in the same frame as its content comes and goes (no empty
  // box painted), and focus is back on the opener before the owner's own effects run.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    (initialFocus?.current ?? focusables(dialog, FIELDS)[0] ?? focusables(dialog)[0])?.focus();
    // Closed by its owner (or gone with the page): focus goes back where it was, before any
    // effect of the owner's moves it on (a message about what the dialog did).
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [open, initialFocus]);

  const classes = [styles.dialog, fullWidth ? styles.fullWidth : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <dialog
      ref={ref}
      className={classes}
      // Only while open: closed, its title and text are not on the page.
      aria-labelledby={open ? labelId : undefined}
      aria-describedby={open ? describedBy : undefined}
      data-testid={rest['data-testid']}
      onKeyDown={keepTabInside}
      // Escape: the owner decides (a call under way keeps the dialog open).
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // The browser closed it on its own (Escape pressed twice, which may not be refused): ask
      // the owner, and show it again meanwhile; it closes for good once `open` turns false.
      // (Not when it was closed and shown again meanwhile: React's development double run.)
      onClose={() => {
        const dialog = ref.current;
        if (!open || !dialog || dialog.open) return;
        onClose();
        dialog.showModal();
      }}
      onMouseDown={(event) => {
        pressedOnBackdrop.current = onBackdrop(event);
      }}
      onClick={(event) => {
        if (pressedOnBackdrop.current && onBackdrop(event)) onClose();
        pressedOnBackdrop.current = false;
      }}
    >
      <TitleId value={labelId}>{open ? children : null}</TitleId>
    </dialog>
  );
}

/** The dialog's heading (an h2, as MUI's DialogTitle), which names it. */
export function DialogTitle({ children }: { children: ReactNode }) {
  const id = useContext(TitleId);
  return (
    <h2 id={id} className={styles.title}>
      {children}
    </h2>
  );
}

/** The dialog's body: scrolls when taller than the screen allows. */
export function DialogContent({ children }: { children: ReactNode }) {
  return <div className={styles.content}>{children}</div>;
}

/** The row of buttons at the dialog's end (right-aligned, wrapping on narrow screens). */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}

/** A `<form>` holding the title, content and actions (so the content scrolls between them); takes a form's attributes. */
export function DialogForm({ className, ...props }: FormHTMLAttributes<HTMLFormElement> & { 'data-testid'?: string }) {
  return <form {...props} className={className ? `${styles.form} ${className}` : styles.form} />;
}
