/**
 * One membership type (issue 26; spec §2 /membership/type/{id}): its organization, price in
 * Canadian dollars for the language, validity, age limits, family type and description in the
 * page's language, a "Buy this membership" link to the account's purchase page
 * (`/account/membership?type={id}`; a visitor not logged in is sent to the login first), then the
 * organization's classes the buyer chooses from. Plain HTML from the server, no client JavaScript.
 */
import { getTranslations } from 'next-intl/server';
import { ageMessage } from '@/components/organizations/ages';
import { namesIn, textIn } from '@/components/organizations/names';
import org from '@/components/organizations/organizations.module.css';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import { formatCents } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import type { MembershipTypeDetails as Details } from '@/lib/server/memberships';
import { organizationPath, type OrganizationClasses } from '@/lib/server/organizations';
import { MembershipClassGroups } from './MembershipClassGroups';
import css from './memberships.module.css';
import { buyMembershipPath, membershipTypePath } from './paths';

export async function MembershipTypeDetails({ locale, type: m, classes }: { locale: Locale; type: Details; classes: OrganizationClasses }) {
  const [t, td, tc, nameOf] = await Promise.all([
    getTranslations({ locale, namespace: 'memberships' }),
    getTranslations({ locale, namespace: 'directory.membershipTypes' }),
    getTranslations({ locale, namespace: 'directory.classes' }),
    namesIn(locale),
  ]);
  const age = ageMessage(m.minAge, m.maxAge);
  const description = textIn(locale, m.description, m.descriptions);
  const organizationName = nameOf(m.organization);
  const hasClasses = classes.groups.length > 0 || classes.other.length > 0;
  return (
    <>
      <section className={css.panel} aria-label={t('details')}>
        <p className={css.priceLine}>
          <span className="visually-hidden">{td('price')}: </span>
          {formatCents(m.priceCents, locale)}
        </p>
        <dl className={css.facts}>
          <dt>{t('organization')}</dt>
          <dd>
            <Link href={organizationPath(m.organization.id, 'membership-type')} aria-label={t('types.orgLink', { name: organizationName })}>
              {organizationName}
            </Link>
          </dd>
          <dt>{t('validity')}</dt>
          <dd>{td(`validity.${m.validity}`)}</dd>
          <dt>{t('ages')}</dt>
          <dd>{tc(age.key, age.values)}</dd>
        </dl>
        {m.family && <p className={css.family}>{t('family')}</p>}
        {description && <p className={`${org.wrap} ${org.description}`}>{description}</p>}
        <p className={css.buy}>
          <Link href={buyMembershipPath(m.id)} className={`${ui.button} ${ui.contained} ${ui.large}`}>
            {t('buy')}
          </Link>
        </p>
      </section>
      <section className={css.block} aria-labelledby="type-classes">
        <h2 id="type-classes" className={org.heading}>
          {t('types.classesHeading')}
        </h2>
        {hasClasses ? (
          <>
            <p className={org.intro}>{t('types.classesIntro')}</p>
            <MembershipClassGroups locale={locale} idPrefix="type-class-group" groups={classes.groups} other={classes.other} level={3} />
          </>
        ) : (
          <p className={org.muted}>{t('types.noClasses')}</p>
        )}
      </section>
      <p className={`no-print ${css.back}`}>
        <Link href={membershipTypePath()}>← {t('types.back')}</Link>
      </p>
    </>
  );
}
