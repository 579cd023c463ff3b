'use client';
/**
 * The message an account form shows once something is done (issue 11, 22: "Your profile has
 * been saved.", "… has been added to your family."): components/ui/Alert's box (MUI's standard
 * Alert look) that the form focuses (`ref`, `tabIndex={-1}`), a `role="status"` by default, with
 * an optional close button (`onClose`, named `common.close`) as MUI's Alert had.
 */
import { useTranslations } from 'next-intl';
import type { ReactNode, Ref } from 'react';
import { Icon } from '@/components/ui/Icon';
import { CLOSE } from '@/components/ui/icons/close';
import ui from '@/components/ui/ui.module.css';
import styles from './account.module.css';

const SEVERITY = { error: ui.alertError, warning: ui.alertWarning, info: ui.alertInfo, success: ui.alertSuccess } as const;

export interface FocusAlertProps {
  /** The element the form focuses once shown. */
  ref?: Ref<HTMLDivElement>;
  severity?: keyof typeof SEVERITY;
  role?: 'status' | 'alert';
  /** Shows a close button that calls it. */
  onClose?: () => void;
  className?: string;
  'data-testid'?: string;
  children: ReactNode;
}

/** The focusable message box (see the file's docstring). */
export function FocusAlert({ ref, severity = 'success', role = 'status', onClose, className, children, ...rest }: FocusAlertProps) {
  const t = useTranslations('common');
  return (
    <div ref={ref} role={role} tabIndex={-1} data-testid={rest['data-testid']} className={`${ui.alert} ${SEVERITY[severity]} ${styles.focusAlert}${className ? ` ${className}` : ''}`}>
      <div className={ui.alertBody}>{children}</div>
      {onClose ? (
        <div className={ui.alertAction}>
          <button type="button" className={`${ui.iconButton} ${styles.alertClose}`} aria-label={t('close')} title={t('close')} onClick={onClose}>
            <Icon path={CLOSE} size={20} />
          </button>
        </div>
      ) : null}
    </div>
  );
}
