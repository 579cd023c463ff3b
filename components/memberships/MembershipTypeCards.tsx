/**
 * Membership types as cards (issue 26; spec §2 /membership/type): name (a link to the type's
 * page), price in Canadian dollars formatted for the language, validity (the season, to
 * 31 December, or one event), age limits, whether it is a family type, description in the
 * page's language, and links to its details and to buy it. Plain HTML from the server, no
 * client JavaScript.
 */
import { getTranslations } from 'next-intl/server';
import { ageMessage } from '@/components/organizations/ages';
import { namesIn, textIn } from '@/components/organizations/names';
import org from '@/components/organizations/organizations.module.css';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import { formatCents } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import type { MembershipTypeRow } from '@/lib/server/organizations';
import css from './memberships.module.css';
import { buyMembershipPath, membershipTypePath } from './paths';

export async function MembershipTypeCards({ locale, types, level = 3 }: { locale: Locale; types: MembershipTypeRow[]; /** The cards' heading level under the page's sections. */ level?: 2 | 3 }) {
  const [t, td, tc, nameOf] = await Promise.all([
    getTranslations({ locale, namespace: 'memberships' }),
    getTranslations({ locale, namespace: 'directory.membershipTypes' }),
    getTranslations({ locale, namespace: 'directory.classes' }),
    namesIn(locale),
  ]);
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <ul className={`${org.cards} ${org.three}`}>
      {types.map((m) => {
        const age = ageMessage(m.minAge, m.maxAge);
        const name = nameOf(m);
        const description = textIn(locale, m.description, m.descriptions);
        return (
          <li key={m.id} className={org.card}>
            <Heading className={org.cardTitle}>
              <Link href={membershipTypePath(m.id)} className={css.titleLink}>
                {name}
              </Link>
            </Heading>
            <p className={org.price}>
              <span className="visually-hidden">{td('price')}: </span>
              {formatCents(m.priceCents, locale)}
            </p>
            <p className={org.body2}>{td(`validity.${m.validity}`)}</p>
            <p className={`${org.body2} ${org.muted}`}>
              <span className="visually-hidden">{t('ages')}: </span>
              {tc(age.key, age.values)}
            </p>
            {m.family && <p className={css.family}>{t('family')}</p>}
            {description && <p className={`${org.body2} ${org.wrap} ${org.description}`}>{description}</p>}
            <div className={css.actions}>
              <Link href={buyMembershipPath(m.id)} className={`${ui.button} ${ui.contained}`} aria-label={`${t('buyShort')}: ${name}`}>
                {t('buyShort')}
              </Link>
              <Link href={membershipTypePath(m.id)} className={`${ui.button} ${ui.outlined}`} aria-label={`${t('details')}: ${name}`}>
                {t('details')}
              </Link>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
