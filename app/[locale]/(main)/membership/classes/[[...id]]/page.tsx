/**
 * /membership/classes/{id?} (spec §2 routes with an optional id; issue 26 "Types and classes per
 * organization … show them in three languages"): without an id, every public organization's
 * classes grouped by organization and class group (name, age limits, who may ride it in the
 * page's language) with the number of current members of each (memberships valid today that
 * chose it); with an id, one class: its organization, group, ages, description, current members
 * and a link to the member list filtered to it. Malformed id, more than one segment, unknown
 * class, a class of no organization or of a hidden one → 404. Plain HTML from the server.
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { EmptyState } from '@/components/content/EmptyState';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import { MembershipClassDetails } from '@/components/memberships/MembershipClassDetails';
import { MembershipClassGroups } from '@/components/memberships/MembershipClassGroups';
import css from '@/components/memberships/memberships.module.css';
import { membershipClassPath } from '@/components/memberships/paths';
import { namesIn } from '@/components/organizations/names';
import org from '@/components/organizations/organizations.module.css';
import type { Locale } from '@/lib/config';
import { parseOptionalId } from '@/lib/contracts/ids';
import { federationDate } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { getMembershipClass, listMembershipClasses } from '@/lib/server/memberships';
import { organizationPath } from '@/lib/server/organizations';

type Props = { params: Promise<{ locale: Locale; id?: string[] }> };

/** What the address shows: the list (no segment), one class, or null (404). */
const routeOf = (segments: string[] | undefined) => routeCached(JSON.stringify(segments ?? []), federationDate());

/** Keyed by the segments as text (React's cache compares arguments by identity); once per request for the metadata and the page. */
const routeCached = cache(async function routeCached(key: string, today: string) {
  const segments = JSON.parse(key) as string[];
  if (!segments.length) return { kind: 'list' as const };
  const id = parseOptionalId(segments);
  const details = id === null ? null : await getMembershipClass(id, today);
  return details && { kind: 'class' as const, details };
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, id } = await params;
  const route = await routeOf(id);
  if (!route) return {};
  const t = await getTranslations({ locale, namespace: 'memberships.classes' });
  if (route.kind === 'list') return pageMetadata(locale, membershipClassPath(), t('title'));
  const nameOf = await namesIn(locale);
  return { title: t('metaTitle', { name: route.details.name, organization: nameOf(route.details.organization) }) };
}

export default async function MembershipClassesPage({ params }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  const route = await routeOf(id);
  if (!route) notFound();
  const [t, nameOf] = await Promise.all([getTranslations({ locale, namespace: 'memberships.classes' }), namesIn(locale)]);

  if (route.kind === 'class') {
    const details = route.details;
    return (
      <>
        <SubHeader locale={locale} path={membershipClassPath(details.id)} fallback={details.name} title={details.name} parents={[{ label: t('title'), href: membershipClassPath() }]} />
        <div className="container">
          <MembershipClassDetails locale={locale} details={details} />
        </div>
      </>
    );
  }

  const organizations = await listMembershipClasses(federationDate());
  return (
    <>
      <SubHeader locale={locale} path={membershipClassPath()} fallback={t('title')} />
      <div className="container">
        <p className={org.intro}>{t('intro')}</p>
        {organizations.length === 0 ? (
          <EmptyState>{t('none')}</EmptyState>
        ) : (
          <div className={css.sections}>
            {organizations.map(({ organization, groups, other }) => (
              <section key={organization.id} aria-labelledby={`classes-org-${organization.id}`}>
                <h2 id={`classes-org-${organization.id}`} className={css.orgHeading}>
                  <Link href={organizationPath(organization.id, 'classes')}>{nameOf(organization)}</Link>
                </h2>
                <MembershipClassGroups locale={locale} idPrefix={`class-group-${organization.id}`} groups={groups} other={other} level={3} />
              </section>
            ))}
          </div>
        )}
      </div>
    </>
  );
}
