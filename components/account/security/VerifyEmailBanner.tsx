/**
 * The account page's banner while the login's email is not verified (issue 22): "Your email is
 * not verified yet" (an h2), where the link went, and the resend button
 * (./ResendVerificationButton, the only client part). Server component, plain HTML (issue 23):
 * components/ui/Alert in the warning colours, a live `role="alert"` as MUI's was.
 */
import { getTranslations } from 'next-intl/server';
import { Alert } from '@/components/ui/Alert';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import styles from '../profile/account.module.css';
import { ResendVerificationButtonIsland } from './islands';

export async function VerifyEmailBanner({ locale, email }: { locale: Locale; email: string }) {
  const t = await getTranslations({ locale, namespace: 'account.security' });
  return (
    <Alert severity="warning" className={styles.banner} data-testid="email-unverified">
      <h2 className={styles.bannerTitle}>{t('unverified')}</h2>
      <p className={`${ui.body2} ${styles.bannerText}`}>{t('unverifiedBody', { email })}</p>
      <ResendVerificationButtonIsland email={email} />
    </Alert>
  );
}
