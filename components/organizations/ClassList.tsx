/**
 * An organization's classes (spec §2 /organizations/{id?}/classes): each class group with its
 * classes in sort order (name, age limits, description), then the classes outside a group.
 * Descriptions in the page's language where translated (issue 25). Plain HTML (issue 23): a server component, no MUI, no client JavaScript.
 */
import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/content/EmptyState';
import type { Locale } from '@/lib/config';
import type { ClassRow, OrganizationClasses } from '@/lib/server/organizations';
import { ageMessage } from './ages';
import { textIn } from './names';
import css from './organizations.module.css';

export async function ClassList({ locale, classes }: { locale: Locale; classes: OrganizationClasses }) {
  const t = await getTranslations({ locale, namespace: 'directory.classes' });
  if (!classes.groups.length && !classes.other.length) return <EmptyState>{t('none')}</EmptyState>;
  const groups = [...classes.groups.map((g) => ({ key: `g${g.id}`, name: g.name, classes: g.classes })), ...(classes.other.length ? [{ key: 'other', name: t('other'), classes: classes.other }] : [])];
  const row = (c: ClassRow) => {
    const age = ageMessage(c.minAge, c.maxAge);
    return (
      <li key={c.id} className={css.classRow}>
        <div className={css.classHead}>
          <p className={css.className}>{c.name}</p>
          <p className={`${css.body2} ${css.muted}`}>
            <span className="visually-hidden">{t('ages')}: </span>
            {t(age.key, age.values)}
          </p>
        </div>
        {c.description && <p className={`${css.body2} ${css.wrap}`}>{textIn(locale, c.description, c.descriptions)}</p>}
      </li>
    );
  };
  return (
    <div className={css.groups}>
      {groups.map((g) => (
        <section key={g.key} aria-labelledby={`class-group-${g.key}`}>
          <h2 id={`class-group-${g.key}`} className={css.heading}>
            {g.name}
          </h2>
          <ul className={css.classList}>{g.classes.map(row)}</ul>
        </section>
      ))}
    </div>
  );
}
