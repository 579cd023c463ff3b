'use client';
/**
 * A dialog that asks the holder's password before an irreversible step (closing their account
 * or a minor's: issue 11 "Privacy and security"; `closeAccountInput`): the title and text the
 * caller gives, a password field (current-password; show/hide), Cancel and the confirming
 * button (red). `onConfirm(password)` runs the call; a refusal shows in an alert under the
 * field ('The password is wrong' also marks the field invalid). A native modal dialog
 * (components/ui/Dialog): full screen on phones, focus on the password field once open, Tab kept
 * inside, Escape closes it (not while the call runs), focus back on the button that opened it.
 */
import { useTranslations } from 'next-intl';
import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { PasswordField } from '@/components/account/fields/PasswordField';
import { Alert } from '@/components/ui/Alert';
import { DIALOG_TEXT, Dialog, DialogActions, DialogContent, DialogForm, DialogTitle } from '@/components/ui/Dialog';
import ui from '@/components/ui/ui.module.css';
import { toAccountError, type AccountCallError } from '@/lib/api/account';
import { lazyResolver, preloadOn } from '@/lib/forms/lazy-resolver';
import { useFailureText } from './call-errors';
import styles from './account.module.css';

/** `closeAccountInput` through `zodResolver` (./schemas.ts), fetched on the dialog form's first focus (issue 23). */
const resolver = lazyResolver(() => import('./schemas').then((m) => m.confirmPasswordResolver));

export interface ConfirmPasswordDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** What will happen, translated. */
  body: ReactNode;
  /** The confirming button's text. */
  confirmLabel: string;
  /** Runs the call with the password; throws an `AccountCallError` when refused. */
  onConfirm: (password: string) => Promise<unknown>;
  testId?: string;
}

export function ConfirmPasswordDialog({ open, onClose, title, body, confirmLabel, onConfirm, testId }: ConfirmPasswordDialogProps) {
  const t = useTranslations('account');
  const id = useId();
  const failureText = useFailureText();
  const [failure, setFailure] = useState<AccountCallError | null>(null);
  const { control, handleSubmit, setError, reset, formState } = useForm<{ password: string }>({
    resolver,
    defaultValues: { password: '' },
  });
  const close = () => {
    if (formState.isSubmitting) return;
    reset({ password: '' });
    setFailure(null);
    onClose();
  };
  const submit = async ({ password }: { password: string }) => {
    setFailure(null);
    try {
      await onConfirm(password);
      reset({ password: '' });
    } catch (raw) {
      const err = toAccountError(raw);
      // The field turns red (its text stays the field's: the accountFields codes have no
      // 'wrong password'); the alert below says why.
      if (err.apiCode === 'wrong_password' || err.apiCode === 'invalid_credentials') setError('password', { type: 'server', message: '' }, { shouldFocus: true });
      setFailure(err);
    }
  };
  const busy = formState.isSubmitting;
  return (
    <Dialog open={open} onClose={close} describedBy={`${id}-body`} data-testid={testId}>
      <DialogForm noValidate {...preloadOn(resolver)} onSubmit={(event) => void handleSubmit(submit)(event)}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <div id={`${id}-body`} className={`${DIALOG_TEXT} ${styles.dialogText}`}>
            {body}
          </div>
          <PasswordField control={control} name="password" autoComplete="current-password" label={t('confirm.password')} />
          {failure ? (
            <Alert severity="error" className={styles.dialogAlert}>
              {failureText(failure)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <button type="button" className={`${ui.button} ${ui.upper}`} onClick={close} disabled={busy}>
            {t('confirm.cancel')}
          </button>
          <button type="submit" className={`${ui.button} ${ui.contained} ${ui.danger} ${ui.upper}`} disabled={busy}>
            {busy ? <span className={ui.spinner} aria-hidden="true" /> : null}
            {confirmLabel}
          </button>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}
