'use client';
/**
 * The login page for a visitor who is already logged in (spec §2 /login): "You are logged in
 * as …", a link to their account, and a logout button (POST /ll/api/v1/auth/logout, then the
 * page is loaded again so the header and this page show the visitor logged out). Native
 * controls (issue 23: no MUI; ./auth.module.css).
 */
import { useTranslations } from 'next-intl';
import { Alert } from '@/components/ui/Alert';
import { Icon } from '@/components/ui/Icon';
import { LOGOUT } from '@/components/ui/icons/logout';
import ui from '@/components/ui/ui.module.css';
import { useLogout } from '@/lib/api/auth';
import { Link } from '@/lib/i18n/navigation';
import css from './auth.module.css';
import { useAuthErrorText } from './error-text';

export interface LoggedInPanelProps {
  name: string;
  email: string;
}

export function LoggedInPanel({ name, email }: LoggedInPanelProps) {
  const t = useTranslations('auth.login');
  const logout = useLogout();
  const errorText = useAuthErrorText();
  const pending = logout.isPending || logout.isSuccess;
  return (
    <div className={ui.stack}>
      <p role="status" className={css.status}>
        {t('loggedInAs', { name: name || email, email })}
      </p>
      {logout.isError ? <Alert severity="error">{errorText(logout.error)}</Alert> : null}
      {logout.isSuccess ? (
        <Alert severity="success" role="status">
          {t('loggedOut')}
        </Alert>
      ) : null}
      <div className={css.actions}>
        <Link href="/account" className={`${ui.button} ${ui.contained} ${ui.upper}`}>
          {t('account')}
        </Link>
        <button
          type="button"
          disabled={pending}
          className={`${ui.button} ${ui.outlined} ${ui.upper}`}
          onClick={() => logout.mutate(undefined, { onSuccess: () => window.location.reload() })}
        >
          {pending ? <span className={ui.spinner} aria-hidden="true" /> : <Icon path={LOGOUT} size={20} />}
          {pending ? t('loggingOut') : t('logout')}
        </button>
      </div>
    </div>
  );
}
