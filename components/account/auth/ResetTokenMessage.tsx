/**
 * What /resetPassword shows for a link that cannot be used (spec §8 Login and reset, texts
 * verbatim in English): 'Invalid access. You do not have a proper token!' (no token, or one
 * naming no reset), 'The token provided could not be decoded', 'Your opportunity to reset your
 * password has expired. You have one hour' and 'This reset your password link has already been
 * used', each with a link to ask for a new one (/forgotPassword). An alert (`role="alert"`).
 * No directive: the server page renders it without JavaScript, the reset form when the server
 * refuses the token after the page was opened. Plain HTML (issue 23: ./auth.module.css).
 */
import { useTranslations } from 'next-intl';
import { Alert } from '@/components/ui/Alert';
import ui from '@/components/ui/ui.module.css';
import type { ResetTokenState } from '@/lib/contracts/account';
import { Link } from '@/lib/i18n/navigation';
import css from './auth.module.css';

export function ResetTokenMessage({ state }: { state: Exclude<ResetTokenState, 'valid'> }) {
  const t = useTranslations('auth');
  return (
    <div className={css.start}>
      <Alert severity="error" className={css.full} data-token-state={state}>
        {t(`errors.${state}`)}
      </Alert>
      <Link href="/forgotPassword" className={`${ui.button} ${ui.contained} ${ui.upper}`}>
        {t('reset.requestNew')}
      </Link>
    </div>
  );
}
