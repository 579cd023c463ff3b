'use client';
/**
 * A dialog that asks the holder's password before an irreversible step (closing their account
 * or a minor's: issue 11 "Privacy and security"; `closeAccountInput`): the title and text the
 * caller gives, a password field (current-password; show/hide), Cancel and the confirming
 * button (red). `onConfirm(password)` runs the call; a refusal shows in an alert under the
 * field ('The password is wrong' also marks the field invalid). Full screen on phones; MUI's
 * dialog traps focus, closes on Escape and gives focus back to the button that opened it.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslations } from 'next-intl';
import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { PasswordField } from '@/components/account/fields';
import { toAccountError, type AccountCallError } from '@/lib/api/account';
import { closeAccountInput } from '@/lib/contracts/account';
import { useFailureText } from './call-errors';

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
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const id = useId();
  const failureText = useFailureText();
  const [failure, setFailure] = useState<AccountCallError | null>(null);
  const { control, handleSubmit, setError, reset, formState } = useForm<{ password: string }>({
    resolver: zodResolver(closeAccountInput),
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
  return (
    <Dialog open={open} onClose={close} fullScreen={phone} aria-labelledby={`${id}-title`} aria-describedby={`${id}-body`} data-testid={testId}>
      <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${id}-body`} component="div" sx={{ mb: 2 }}>
            {body}
          </DialogContentText>
          <PasswordField control={control} name="password" autoComplete="current-password" label={t('confirm.password')} />
          {failure ? (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {failureText(failure)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close} disabled={formState.isSubmitting}>
            {t('confirm.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" loading={formState.isSubmitting}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
