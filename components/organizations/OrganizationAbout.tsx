/**
 * An organization's about-us section (spec §2 /organizations/{id?}/about-us): its description
 * paragraphs, its contact details (address, phone, email as mailto, website) and its clubs,
 * each a link to its promoter page (/promoters/{promoterUserId}). Plain HTML (issue 23): a
 * server component, no MUI, no client JavaScript.
 */
import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/content/EmptyState';
import { mailtoHref, paragraphs, phoneHref, websiteHref, websiteLabel } from '@/components/promoters/contact-links';
import { DetailList, Paragraphs } from '@/components/promoters/DetailList';
import type { Locale } from '@/lib/config';
import { Link } from '@/lib/i18n/navigation';
import type { OrganizationDetails } from '@/lib/server/organizations';
import css from './organizations.module.css';

export async function OrganizationAbout({ locale, organization: o }: { locale: Locale; organization: OrganizationDetails }) {
  const t = await getTranslations({ locale, namespace: 'directory.about' });
  const about = paragraphs(o.description);
  const web = websiteHref(o.website);
  const mail = mailtoHref(o.email);
  const tel = phoneHref(o.phone);
  const street = [o.address, [o.city, o.state].filter(Boolean).join(', '), o.postalCode].filter(Boolean);
  return (
    <div className={css.about}>
      <div className={css.aboutMain}>
        {about.length ? <Paragraphs items={about} /> : <EmptyState>{t('noDescription')}</EmptyState>}
        <section aria-labelledby="organization-clubs" className={css.clubsSection}>
          <h2 id="organization-clubs" className={css.heading}>
            {t('clubs')}
          </h2>
          {o.clubs.length ? (
            <ul className={css.clubs}>
              {o.clubs.map((c) => (
                <li key={c.userId}>
                  <Link href={`/promoters/${c.userId}`}>{c.name}</Link>
                  {c.city ? (
                    <span className={`${css.body2} ${css.muted}`}>
                      {' '}
                      · {[c.city, c.state].filter(Boolean).join(', ')}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState>{t('noClubs')}</EmptyState>
          )}
        </section>
      </div>
      <section aria-labelledby="organization-contact" className={css.contactCard}>
        <h2 id="organization-contact" className={css.heading}>
          {t('contact')}
        </h2>
        <DetailList
          items={[
            { label: t('address'), value: street.length ? <span className={css.address}>{street.join('\n')}</span> : null },
            { label: t('phone'), value: tel ? <a href={tel}>{o.phone}</a> : o.phone },
            { label: t('email'), value: mail ? <a href={mail}>{o.email}</a> : null },
            { label: t('website'), value: web ? <a href={web} rel="noopener noreferrer">{websiteLabel(web)}</a> : null },
          ]}
        />
      </section>
    </div>
  );
}
