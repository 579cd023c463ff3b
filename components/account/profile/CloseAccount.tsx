'use client';
/**
 * Closing one's own account (issue 11 "A participant can … close their account"; Quebec's
 * Law 25 and PIPEDA): a button that opens the password dialog; DELETE /ll/api/v1/users/current
 * `{ password }` closes the account and the accounts of the minors it manages and logs out,
 * then a full navigation to the home page (in the page's language).
 */
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import Button from '@mui/material/Button';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { homePath, navigateTo, useCloseAccount } from '@/lib/api/account';
import { ConfirmPasswordDialog } from './ConfirmPasswordDialog';

export function CloseAccount({ minors }: { minors: number }) {
  const t = useTranslations('account.close');
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const close = useCloseAccount();
  return (
    <>
      <Button variant="outlined" color="error" startIcon={<DeleteForeverIcon />} onClick={() => setOpen(true)} data-testid="close-account">
        {t('button')}
      </Button>
      <ConfirmPasswordDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('title')}
        body={
          <>
            <p style={{ marginTop: 0 }}>{t('body')}</p>
            {minors > 0 ? <p>{t('minors', { count: minors })}</p> : null}
            <p style={{ marginBottom: 0 }}>{t('downloadFirst')}</p>
          </>
        }
        confirmLabel={t('confirm')}
        onConfirm={async (password) => {
          await close.mutateAsync(password);
          navigateTo(homePath(locale));
        }}
        testId="close-account-dialog"
      />
    </>
  );
}
