/**
 * One class on the membership pages (issue 26; spec §2 /membership/classes/{id}): its
 * organization, class group, age limits, who may ride it in the page's language, its current
 * members (memberships valid today that chose it) and a link to the member list filtered to it.
 * Plain HTML from the server, no client JavaScript.
 */
import { getTranslations } from 'next-intl/server';
import { ageMessage } from '@/components/organizations/ages';
import { namesIn, textIn } from '@/components/organizations/names';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import { Link } from '@/lib/i18n/navigation';
import type { MembershipClassDetails as Details } from '@/lib/server/memberships';
import { organizationPath } from '@/lib/server/organizations';
import css from './memberships.module.css';
import { membersListHref, membershipClassPath } from './paths';

export async function MembershipClassDetails({ locale, details: c }: { locale: Locale; details: Details }) {
  const [t, tm, tc, nameOf] = await Promise.all([
    getTranslations({ locale, namespace: 'memberships.classes' }),
    getTranslations({ locale, namespace: 'memberships' }),
    getTranslations({ locale, namespace: 'directory.classes' }),
    namesIn(locale),
  ]);
  const age = ageMessage(c.minAge, c.maxAge);
  const description = textIn(locale, c.description, c.descriptions);
  return (
    <>
      <section className={css.panel} aria-label={tm('details')}>
        <dl className={css.facts}>
          <dt>{tm('organization')}</dt>
          <dd>
            <Link href={organizationPath(c.organization.id, 'classes')}>{nameOf(c.organization)}</Link>
          </dd>
          {c.group && (
            <>
              <dt>{t('group')}</dt>
              <dd>{c.group}</dd>
            </>
          )}
          <dt>{tm('ages')}</dt>
          <dd>{tc(age.key, age.values)}</dd>
          {description && (
            <>
              <dt>{t('description')}</dt>
              <dd>{description}</dd>
            </>
          )}
          <dt>{t('currentMembers')}</dt>
          <dd data-testid="class-member-count">{t('members', { count: c.memberCount })}</dd>
        </dl>
        <p className={css.buy}>
          <Link href={membersListHref({ class: c.id })} className={`${ui.button} ${ui.outlined}`}>
            {t('showMembers')}
          </Link>
        </p>
      </section>
      <p className={`no-print ${css.back}`}>
        <Link href={membershipClassPath()}>← {t('back')}</Link>
      </p>
    </>
  );
}
