/**
 * Classes of one organization for the membership pages (issue 26; spec §2 /membership/classes,
 * /membership/type/{id}): each class group with its classes in sort order (name, a link to the
 * class's page; age limits; description in the page's language; current members when counted),
 * then the classes outside a group. Headings one level under `level`'s section. Plain HTML from
 * the server, no client JavaScript.
 */
import { getTranslations } from 'next-intl/server';
import { ageMessage } from '@/components/organizations/ages';
import { textIn } from '@/components/organizations/names';
import org from '@/components/organizations/organizations.module.css';
import type { Locale } from '@/lib/config';
import { Link } from '@/lib/i18n/navigation';
import type { ClassRow } from '@/lib/server/organizations';
import css from './memberships.module.css';
import { membershipClassPath } from './paths';

type Row = ClassRow & { memberCount?: number };

export async function MembershipClassGroups({
  locale,
  idPrefix,
  groups,
  other,
  level = 3,
}: {
  locale: Locale;
  /** Makes the group headings' ids unique on the page. */
  idPrefix: string;
  groups: { id: number; name: string; classes: Row[] }[];
  other: Row[];
  /** The group headings' level. */
  level?: 2 | 3;
}) {
  const [t, tc] = await Promise.all([getTranslations({ locale, namespace: 'memberships.classes' }), getTranslations({ locale, namespace: 'directory.classes' })]);
  const Heading = level === 2 ? 'h2' : 'h3';
  const all = [...groups.map((g) => ({ key: `g${g.id}`, name: g.name, classes: g.classes })), ...(other.length ? [{ key: 'other', name: t('other'), classes: other }] : [])];
  const row = (c: Row) => {
    const age = ageMessage(c.minAge, c.maxAge);
    const description = textIn(locale, c.description, c.descriptions);
    return (
      <li key={c.id} className={org.classRow}>
        <div className={org.classHead}>
          <p className={org.className}>
            <Link href={membershipClassPath(c.id)}>{c.name}</Link>
          </p>
          <p className={`${org.body2} ${org.muted}`}>
            <span className="visually-hidden">{tc('ages')}: </span>
            {tc(age.key, age.values)}
          </p>
        </div>
        {description && <p className={`${org.body2} ${org.wrap}`}>{description}</p>}
        {c.memberCount !== undefined && <p className={css.count}>{t('members', { count: c.memberCount })}</p>}
      </li>
    );
  };
  return (
    <div className={org.groups}>
      {all.map((g) => (
        <section key={g.key} aria-labelledby={`${idPrefix}-${g.key}`}>
          <Heading id={`${idPrefix}-${g.key}`} className={css.subHeading}>
            {g.name}
          </Heading>
          <ul className={org.classList}>{g.classes.map(row)}</ul>
        </section>
      ))}
    </div>
  );
}
