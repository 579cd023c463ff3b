/**
 * What the account pages say to a login without a participant profile (a promoter, an
 * official, a spectator's login: spec §6 Roles): this page is a participant's; their own
 * tools are elsewhere. A link home. Plain HTML (issue 23).
 */
import { getTranslations } from 'next-intl/server';
import { Alert } from '@/components/ui/Alert';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import { Link } from '@/lib/i18n/navigation';
import styles from './account.module.css';

export async function NoProfile({ locale, email }: { locale: Locale; email: string }) {
  const t = await getTranslations({ locale, namespace: 'account' });
  return (
    <div className={styles.noProfile} data-testid="account-no-profile">
      <Alert severity="info" title={t('noProfile.title')} className={styles.spaced}>
        {t('noProfile.body', { email })}
      </Alert>
      <Link href="/" className={`${ui.button} ${ui.outlined} ${ui.upper}`}>
        {t('noProfile.home')}
      </Link>
    </div>
  );
}
