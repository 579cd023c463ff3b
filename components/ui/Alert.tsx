/**
 * A message box in MUI's standard Alert look (ui.module.css `.alert*`) without MUI (issue 23).
 * Works in server and client components. Like MUI's, it is a live `role="alert"` unless given
 * another role (`status` for news that need not interrupt, `none` for static text). A form
 * that moves the focus to it once shown passes `ref` and `tabIndex={-1}` (the focus ring is
 * drawn); `onClose` (client components only) adds a close button named `closeLabel`, as MUI's
 * Alert had. Other attributes (`id`, `data-*`) go on the box.
 */
import type { HTMLAttributes, ReactNode, Ref } from 'react';
import { Icon } from './Icon';
import { CLOSE } from './icons/close';
import ui from './ui.module.css';

const SEVERITY = { error: ui.alertError, warning: ui.alertWarning, info: ui.alertInfo, success: ui.alertSuccess } as const;

export interface AlertProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title' | 'role'> {
  ref?: Ref<HTMLDivElement>;
  severity?: keyof typeof SEVERITY;
  /** A bold first line (MUI's AlertTitle). */
  title?: ReactNode;
  /** A control at the end of the box (a retry button, a link). */
  action?: ReactNode;
  role?: 'alert' | 'status' | 'none';
  /** Shows a close button at the end of the box that calls it (from a client component). */
  onClose?: () => void;
  /** The close button's translated name (`common.close`). */
  closeLabel?: string;
  'data-testid'?: string;
  /** Extra class of the body around `children` (a column of paragraphs …). */
  bodyClassName?: string;
  children?: ReactNode;
}

/** The box (see the file's docstring); `children` is its body. */
export function Alert({ severity = 'info', title, action, role = 'alert', onClose, closeLabel, bodyClassName, className, children, 'data-testid': testId, ...rest }: AlertProps) {
  const close = onClose ? (
    <button type="button" className={`${ui.iconButton} ${ui.alertClose}`} aria-label={closeLabel} title={closeLabel} onClick={onClose}>
      <Icon path={CLOSE} size={20} />
    </button>
  ) : null;
  return (
    <div
      role={role === 'none' ? undefined : role}
      data-testid={testId}
      className={`${ui.alert} ${SEVERITY[severity]}${className ? ` ${className}` : ''}`}
      {...rest}
    >
      <div className={bodyClassName ? `${ui.alertBody} ${bodyClassName}` : ui.alertBody}>
        {title ? <strong className={ui.alertTitle}>{title}</strong> : null}
        {children}
      </div>
      {action || close ? (
        <div className={ui.alertAction}>
          {action}
          {close}
        </div>
      ) : null}
    </div>
  );
}
