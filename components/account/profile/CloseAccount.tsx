'use client';
/**
 * Closing one's own account (issue 11 "A participant can … close their account"; Quebec's
 * Law 25 and PIPEDA): a button that opens the password dialog; DELETE /ll/api/v1/users/current
 * `{ password }` closes the account and the accounts of the minors it manages and logs out,
 * then a full navigation to the home page (in the page's language). Plain HTML (issue 23).
 */
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Icon } from '@/components/ui/Icon';
import { DELETE_FOREVER } from '@/components/ui/icons/delete-forever';
import ui from '@/components/ui/ui.module.css';
import { homePath, navigateTo, useCloseAccount } from '@/lib/api/account';
import { ConfirmPasswordDialog } from './ConfirmPasswordDialog';

export function CloseAccount({ minors }: { minors: number }) {
  const t = useTranslations('account.close');
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const close = useCloseAccount();
  return (
    <>
      <button type="button" className={`${ui.button} ${ui.outlined} ${ui.danger} ${ui.upper}`} onClick={() => setOpen(true)} data-testid="close-account">
        <Icon path={DELETE_FOREVER} size={20} />
        {t('button')}
      </button>
      <ConfirmPasswordDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('title')}
        body={
          <>
            <p>{t('body')}</p>
            {minors > 0 ? <p>{t('minors', { count: minors })}</p> : null}
            <p>{t('downloadFirst')}</p>
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
