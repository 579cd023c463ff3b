'use client';
/**
 * A notice at the bottom of the screen (spec §4 notices: offline, saved copy, back online, a
 * failed logout), plain HTML (issue 23: MUI's Snackbar and Alert before). `role` is `status`
 * (announced politely) or `alert`; `autoHideMs` closes it after that long through `onClose`;
 * `action` is a control beside the text; `onClose` also adds a close button.
 */
import { useTranslations } from 'next-intl';
import { useEffect, type ReactNode } from 'react';
import { Icon } from '@/components/ui/Icon';
import { CLOSE } from '@/components/ui/icons/close';
import styles from './shell.module.css';

export function Notice({
  open,
  severity,
  role = 'status',
  onClose,
  autoHideMs,
  action,
  children,
  ...rest
}: {
  open: boolean;
  severity: 'warning' | 'info' | 'success' | 'error';
  role?: 'status' | 'alert';
  onClose?: () => void;
  autoHideMs?: number;
  action?: ReactNode;
  children: ReactNode;
  'data-testid'?: string;
}) {
  const t = useTranslations('common');
  useEffect(() => {
    if (!open || !autoHideMs || !onClose) return;
    const timer = setTimeout(onClose, autoHideMs);
    return () => clearTimeout(timer);
  }, [open, autoHideMs, onClose]);
  if (!open) return null;
  return (
    <div className={styles.notices}>
      <div className={`${styles.notice} ${styles[severity]}`} role={role} {...rest}>
        <span>{children}</span>
        {action}
        {onClose ? (
          <button type="button" className={styles.noticeAction} aria-label={t('close')} onClick={onClose}>
            <Icon path={CLOSE} size={20} />
          </button>
        ) : null}
      </div>
    </div>
  );
}
