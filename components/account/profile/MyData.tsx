'use client';
/**
 * "My data" on the account page (issue 11 "A participant can download everything the site
 * holds about them (JSON) and close their account"; Quebec's Law 25, PIPEDA): the download is
 * a plain link to GET /ll/api/v1/users/current/export (a JSON file, `Content-Disposition:
 * attachment`: it works without JavaScript), then closing the account (./CloseAccount).
 * Plain HTML (issue 23).
 */
import { useTranslations } from 'next-intl';
import { Icon } from '@/components/ui/Icon';
import { DOWNLOAD } from '@/components/ui/icons/download';
import ui from '@/components/ui/ui.module.css';
import { accountPaths } from '@/lib/api/account';
import { CloseAccount } from './CloseAccount';
import styles from './account.module.css';

export function MyData({ minors }: { minors: number }) {
  const t = useTranslations('account.data');
  return (
    <div className={styles.dataGrid}>
      <div>
        <p className={styles.lead}>{t('downloadIntro')}</p>
        <a href={accountPaths.export} download className={`${ui.button} ${ui.contained} ${ui.upper}`} data-testid="download-data">
          <Icon path={DOWNLOAD} size={20} />
          {t('download')}
        </a>
      </div>
      <div>
        <h3 className={styles.subTitle}>{t('closeTitle')}</h3>
        <p className={styles.lead}>{t('closeIntro')}</p>
        <CloseAccount minors={minors} />
      </div>
    </div>
  );
}
