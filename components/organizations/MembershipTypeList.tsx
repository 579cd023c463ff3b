/**
 * An organization's membership types (spec §2 /organizations/{id?}/membership-type): name,
 * price in Canadian dollars formatted for the language, validity (the season, to 31 December,
 * or one event), age limits and description, in the page's language where translated (issue 25). Plain HTML (issue 23): a server component, no
 * MUI, no client JavaScript.
 */
import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/content/EmptyState';
import type { Locale } from '@/lib/config';
import { formatCents } from '@/lib/format';
import type { MembershipTypeRow } from '@/lib/server/organizations';
import { ageMessage } from './ages';
import { namesIn, textIn } from './names';
import css from './organizations.module.css';

export async function MembershipTypeList({ locale, types }: { locale: Locale; types: MembershipTypeRow[] }) {
  const [t, tc] = await Promise.all([getTranslations({ locale, namespace: 'directory.membershipTypes' }), getTranslations({ locale, namespace: 'directory.classes' })]);
  if (!types.length) return <EmptyState>{t('none')}</EmptyState>;
  const nameOf = await namesIn(locale);
  return (
    <ul className={`${css.cards} ${css.three}`}>
      {types.map((m) => {
        const age = ageMessage(m.minAge, m.maxAge);
        return (
          <li key={m.id} className={css.card}>
            <h2 className={css.cardTitle}>{nameOf(m)}</h2>
            {/* A price in cents as Canadian dollars in the page's language ("$150.00", "150,00 $"). */}
            <p className={css.price}>
              <span className="visually-hidden">{t('price')}: </span>
              {formatCents(m.priceCents, locale)}
            </p>
            <p className={css.body2}>{t(`validity.${m.validity}`)}</p>
            <p className={`${css.body2} ${css.muted}`}>
              <span className="visually-hidden">{tc('ages')}: </span>
              {tc(age.key, age.values)}
            </p>
            {m.description && <p className={`${css.body2} ${css.wrap} ${css.description}`}>{textIn(locale, m.description, m.descriptions)}</p>}
          </li>
        );
      })}
    </ul>
  );
}
