/**
 * The organizations list (spec §2 "Organizations list"): one card per public organization
 * with its city, its number of clubs and links to its events, calendar and contact sections.
 * Plain HTML (issue 23): a server component, no MUI, no client JavaScript.
 */
import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/content/EmptyState';
import type { Locale } from '@/lib/config';
import { Link } from '@/lib/i18n/navigation';
import type { OrganizationCard } from '@/lib/server/organizations';
import { namesIn } from './names';
import css from './organizations.module.css';

export async function OrganizationList({ locale, organizations }: { locale: Locale; organizations: OrganizationCard[] }) {
  const t = await getTranslations({ locale, namespace: 'directory.organizations' });
  if (!organizations.length) return <EmptyState>{t('empty')}</EmptyState>;
  const nameOf = await namesIn(locale);
  return (
    <ul aria-label={t('title')} className={css.cards}>
      {organizations.map((o) => {
        const place = [o.city, o.state].filter(Boolean).join(', ');
        return (
          <li key={o.id} className={css.card}>
            <h2 className={css.cardTitle}>
              <Link href={`/organizations/${o.id}`}>{nameOf(o)}</Link>
            </h2>
            {place && <p className={`${css.body2} ${css.muted}`}>{place}</p>}
            <p className={css.body2}>{t('clubs', { count: o.clubCount })}</p>
            <div className={css.links}>
              <Link href={`/organizations/${o.id}/events`}>{t('sections.events')}</Link>
              <Link href={`/organizations/${o.id}/calendar`}>{t('sections.calendar')}</Link>
              <Link href={`/organizations/${o.id}/contact`}>{t('sections.contact')}</Link>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
