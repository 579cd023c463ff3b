/**
 * A club's details on its page (spec §2 /promoters/{id}): its description paragraphs and its
 * contact details (city, website, email as mailto, phone, organization), and a link to all its
 * results (/results/{promoterUserId}). The description beside the details from 900 px. Plain
 * HTML (issue 23): a server component, no MUI.
 */
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/config';
import { Link } from '@/lib/i18n/navigation';
import type { PromoterDetails } from '@/lib/server/promoters';
import { mailtoHref, paragraphs, phoneHref, websiteHref, websiteLabel } from './contact-links';
import { DetailList, Paragraphs } from './DetailList';
import styles from './promoters.module.css';

export async function PromoterDetailsPanel({ locale, promoter }: { locale: Locale; promoter: PromoterDetails }) {
  const t = await getTranslations({ locale, namespace: 'directory.promoter' });
  const about = paragraphs(promoter.description);
  const web = websiteHref(promoter.website);
  const mail = mailtoHref(promoter.email);
  const tel = phoneHref(promoter.phone);
  const place = [promoter.city, promoter.state].filter(Boolean).join(', ');
  return (
    <div className={about.length ? `${styles.panel} ${styles.withAbout}` : styles.panel}>
      {about.length > 0 && (
        <section aria-labelledby="promoter-about" className={styles.wrap}>
          <h2 id="promoter-about" className={styles.heading}>
            {t('about')}
          </h2>
          <Paragraphs items={about} />
        </section>
      )}
      <section aria-labelledby="promoter-details" className={styles.card}>
        <h2 id="promoter-details" className={styles.heading}>
          {t('details')}
        </h2>
        <DetailList
          items={[
            { label: t('city'), value: place || null },
            { label: t('website'), value: web ? <a href={web} rel="noopener noreferrer">{websiteLabel(web)}</a> : null },
            { label: t('email'), value: mail ? <a href={mail}>{promoter.email}</a> : null },
            { label: t('phone'), value: tel ? <a href={tel}>{promoter.phone}</a> : promoter.phone },
            { label: t('organization'), value: promoter.organization ? <Link href={`/organizations/${promoter.organization.id}`}>{promoter.organization.name}</Link> : null },
          ]}
        />
        <p className={`${styles.body2} ${styles.allResults}`}>
          <Link href={`/results/${promoter.userId}`}>{t('allResults')}</Link>
        </p>
      </section>
    </div>
  );
}
