/**
 * One membership as the public sees it (issue 26; spec §2 /membership/members/{id}): its state
 * today ("Valid", "Expired", "Not yet valid": words and a mark, not colour alone), then the
 * organization, membership type and club in the page's language, the class, member number and
 * the first and last days of validity. Nothing more (no birthday, contact, age or guardian), a
 * minor's membership included. Plain HTML from the server, no client JavaScript.
 */
import { getTranslations } from 'next-intl/server';
import { namesIn } from '@/components/organizations/names';
import type { Locale } from '@/lib/config';
import { formatDate } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { organizationPath } from '@/lib/server/organizations';
import type { PublicMembership } from '@/lib/server/memberships';
import css from './memberships.module.css';
import { membersListHref, membershipClassPath, membershipTypePath } from './paths';

export async function MembershipDetails({ locale, membership: m }: { locale: Locale; membership: PublicMembership }) {
  const [t, tm, nameOf] = await Promise.all([getTranslations({ locale, namespace: 'memberships.member' }), getTranslations({ locale, namespace: 'memberships' }), namesIn(locale)]);
  return (
    <>
      <section className={css.panel} aria-label={t('details')}>
        <dl className={css.facts}>
          <dt>{t('status')}</dt>
          <dd>
            <span className={`${css.state} ${css[m.state]}`} data-state={m.state}>
              {t(`state.${m.state}`)}
            </span>
          </dd>
          <dt>{tm('organization')}</dt>
          <dd>
            <Link href={organizationPath(m.organization.id)}>{nameOf(m.organization)}</Link>
          </dd>
          <dt>{t('type')}</dt>
          <dd>
            <Link href={membershipTypePath(m.membershipType.id)}>{nameOf(m.membershipType)}</Link>
          </dd>
          <dt>{t('club')}</dt>
          <dd>{m.club ? <Link href={`/promoters/${m.club.userId}`}>{nameOf(m.club)}</Link> : t('none')}</dd>
          <dt>{t('class')}</dt>
          <dd>{m.class ? <Link href={membershipClassPath(m.class.id)}>{m.class.name}</Link> : t('none')}</dd>
          <dt>{t('number')}</dt>
          <dd>{m.number}</dd>
          <dt>{t('validFrom')}</dt>
          <dd>
            <time dateTime={m.validFrom}>{formatDate(m.validFrom, locale)}</time>
          </dd>
          <dt>{t('validUntil')}</dt>
          <dd>
            <time dateTime={m.validUntil}>{formatDate(m.validUntil, locale)}</time>
          </dd>
        </dl>
      </section>
      <p className={`no-print ${css.back}`}>
        <Link href={membersListHref()}>← {t('back')}</Link>
      </p>
    </>
  );
}
