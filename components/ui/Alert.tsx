/**
 * A message box in MUI's standard Alert look (ui.module.css `.alert*`) without MUI (issue 23).
 * Works in server and client components. Like MUI's, it is a live `role="alert"` unless given
 * another role (`status` for news that need not interrupt, `none` for static text).
 */
import type { ReactNode } from 'react';
import ui from './ui.module.css';

const SEVERITY = { error: ui.alertError, warning: ui.alertWarning, info: ui.alertInfo, success: ui.alertSuccess } as const;

export interface AlertProps {
  severity?: keyof typeof SEVERITY;
  /** A bold first line (MUI's AlertTitle). */
  title?: ReactNode;
  /** A control at the end of the box (a retry button, a link). */
  action?: ReactNode;
  role?: 'alert' | 'status' | 'none';
  className?: string;
  id?: string;
  'data-testid'?: string;
  children?: ReactNode;
}

/** The box (see the file's docstring); `children` is its body. */
export function Alert({ severity = 'info', title, action, role = 'alert', className, id, children, ...rest }: AlertProps) {
  return (
    <div
      id={id}
      role={role === 'none' ? undefined : role}
      data-testid={rest['data-testid']}
      className={`${ui.alert} ${SEVERITY[severity]}${className ? ` ${className}` : ''}`}
    >
      <div className={ui.alertBody}>
        {title ? <strong className={ui.alertTitle}>{title}</strong> : null}
        {children}
      </div>
      {action ? <div className={ui.alertAction}>{action}</div> : null}
    </div>
  );
}
