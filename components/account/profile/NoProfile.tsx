/**
 * What the account pages say to a login without a participant profile (a promoter, an
 * official, a spectator's login: spec §6 Roles): this page is a participant's; their own
 * tools are elsewhere. A link home, and an official's own tool (issue 29: the licences to
 * confirm) when `officialTools`. Plain HTML (issue 23).
 */
import { getTranslations } from 'next-intl/server';
import { Alert } from '@/components/ui/Alert';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import { Link } from '@/lib/i18n/navigation';
import styles from './account.module.css';

export async function NoProfile({ locale, email, officialTools = false }: { locale: Locale; email: string; officialTools?: boolean }) {
  const t = await getTranslations({ locale, namespace: 'account' });
  return (
    <div className={styles.noProfile} data-testid="account-no-profile">
      <Alert severity="info" title={t('noProfile.title')} className={styles.spaced}>
        {t('noProfile.body', { email })}
      </Alert>
      <p className={styles.spaced}>
        {officialTools ? (
          <Link href="/desk/licences" className={`${ui.button} ${ui.contained} ${ui.upper}`}>
            {t('noProfile.licences')}
          </Link>
        ) : null}{' '}
        <Link href="/" className={`${ui.button} ${ui.outlined} ${ui.upper}`}>
          {t('noProfile.home')}
        </Link>
      </p>
    </div>
  );
}
