/**
 * What /verify-email shows once the link was followed (issue 22): one alert per
 * `VerifyEmailState` (success for verified, already verified and email changed; an error for
 * an expired or unusable link and for an address taken meanwhile), then what to do next:
 *  - an expired or unusable link: the resend button when the visitor is logged in and still
 *    unverified (../security/ResendVerificationButton, the only client part), else a link to
 *    log in (`?next=/account`, where the banner offers a new link);
 *  - otherwise: a link to the account page (logged in) or to log in; with `next` (the spectator
 *    steps that opened the account, issue 28), "Continue" to that page instead (through the login
 *    when logged out), and a new link asked for carries it too.
 * Server component, plain HTML (issue 23: ./auth.module.css): the message shows without
 * JavaScript.
 */
import { getTranslations } from 'next-intl/server';
import { Alert } from '@/components/ui/Alert';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import type { VerifyEmailState } from '@/lib/contracts/account';
import { Link } from '@/lib/i18n/navigation';
import { ResendVerificationButtonIsland } from '../security/islands';
import css from './auth.module.css';

const DONE: readonly VerifyEmailState[] = ['verified', 'already_verified', 'email_changed'];

export interface VerifyEmailMessageProps {
  locale: Locale;
  state: VerifyEmailState;
  /** The logged-in visitor's email and its state, or null when logged out. */
  viewer: { email: string; emailVerified: boolean } | null;
  /** Where to continue once verified (a checked site path), or null. */
  next?: string | null;
}

export async function VerifyEmailMessage({ locale, state, viewer, next = null }: VerifyEmailMessageProps) {
  const t = await getTranslations({ locale, namespace: 'auth.verify' });
  const done = DONE.includes(state);
  const canResend = !done && state !== 'email_taken' && viewer !== null && !viewer.emailVerified;
  return (
    <div className={css.start}>
      <Alert
        severity={done ? 'success' : 'error'}
        role={done ? 'status' : 'alert'}
        className={`${css.full} ${css.wrapAnywhere}`}
        data-verify-state={state}
        title={t(`heading.${state}`)}
      >
        {t(`body.${state}`)}
      </Alert>
      {canResend ? (
        <ResendVerificationButtonIsland email={viewer!.email} variant="contained" next={next ?? undefined} />
      ) : done && next ? (
        <Link href={viewer ? next : `/login?next=${encodeURIComponent(next)}`} className={`${ui.button} ${ui.contained} ${ui.upper}`} data-testid="verify-continue">
          {t('continue')}
        </Link>
      ) : viewer ? (
        <Link href="/account" className={`${ui.button} ${done ? ui.contained : ui.outlined} ${ui.upper}`}>
          {t('account')}
        </Link>
      ) : (
        <Link href="/login?next=/account" className={`${ui.button} ${ui.contained} ${ui.upper}`}>
          {done ? t('account') : t('login')}
        </Link>
      )}
    </div>
  );
}
