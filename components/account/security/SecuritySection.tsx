/**
 * The account page's Security section (issue 22): the login email with its state (verified or
 * not), the change-of-email form (./ChangeEmailForm: a link to the new address, a notice to the
 * old one) and the change-of-password form (./ChangePasswordForm: the current password; every
 * other device logged out). Server component, plain HTML (issue 23); the two forms are client leaves.
 */
import { getTranslations } from 'next-intl/server';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import type { AccountSecurity } from '@/lib/contracts/account';
import { AccountSection } from '../profile/AccountSection';
import styles from '../profile/account.module.css';
import { ChangeEmailFormIsland, ChangePasswordFormIsland } from './islands';

export async function SecuritySection({ locale, security }: { locale: Locale; security: AccountSecurity }) {
  const t = await getTranslations({ locale, namespace: 'account.security' });
  return (
    <AccountSection id="security" title={t('title')} intro={t('intro')}>
      <div className={styles.securityGrid}>
        <section aria-labelledby="security-email-title">
          <h3 id="security-email-title" className={`${styles.subTitle} ${styles.subTitleRow}`}>
            {t('emailTitle')}
            <span
              className={`${ui.chip} ${styles.chipSmall} ${security.emailVerified ? styles.chipOutlinedSuccess : styles.chipOutlinedWarning}`}
              data-testid="email-verified-state"
            >
              {security.emailVerified ? t('verified') : t('notVerified')}
            </span>
          </h3>
          <p className={styles.partIntro}>{t('emailIntro', { email: security.email })}</p>
          <ChangeEmailFormIsland current={security.email} />
        </section>
        <section aria-labelledby="security-password-title">
          <h3 id="security-password-title" className={styles.subTitle}>
            {t('passwordTitle')}
          </h3>
          <p className={styles.partIntro}>{t('passwordIntro')}</p>
          <ChangePasswordFormIsland />
        </section>
      </div>
    </AccountSection>
  );
}
