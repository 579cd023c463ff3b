'use client';
/**
 * The message an account form shows once something is done (issue 11, 22: "Your profile has
 * been saved.", "… has been added to your family."): components/ui/Alert that the form focuses
 * (`ref`, `tabIndex={-1}`), a success `role="status"` by default, with an optional close button
 * (`onClose`, named `common.close`) as MUI's Alert had.
 */
import { useTranslations } from 'next-intl';
import { Alert, type AlertProps } from '@/components/ui/Alert';

export type FocusAlertProps = Omit<AlertProps, 'closeLabel' | 'tabIndex'>;

/** The focusable message box (see the file's docstring). */
export function FocusAlert({ severity = 'success', role = 'status', ...props }: FocusAlertProps) {
  const t = useTranslations('common');
  return <Alert {...props} severity={severity} role={role} tabIndex={-1} closeLabel={t('close')} />;
}
