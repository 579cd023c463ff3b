/**
 * /membership/type/{id?} (spec §2 routes with an optional id; issue 26 "Types and classes per
 * organization … show them in three languages"): without an id, every public organization's
 * membership types grouped by organization (name, price, validity, age limits, family type,
 * description in the page's language, links to the type and to buy it); with an id, one type
 * with its organization's classes the buyer chooses from and a "Buy this membership" link to
 * `/account/membership?type={id}`. Malformed id, more than one segment, unknown type or a type of
 * a hidden organization → 404. Plain HTML from the server (no client JavaScript of its own).
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { EmptyState } from '@/components/content/EmptyState';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import { MembershipTypeCards } from '@/components/memberships/MembershipTypeCards';
import { MembershipTypeDetails } from '@/components/memberships/MembershipTypeDetails';
import css from '@/components/memberships/memberships.module.css';
import { membershipTypePath } from '@/components/memberships/paths';
import { namesIn } from '@/components/organizations/names';
import org from '@/components/organizations/organizations.module.css';
import type { Locale } from '@/lib/config';
import { parseOptionalId } from '@/lib/contracts/ids';
import { Link } from '@/lib/i18n/navigation';
import { getMembershipType, listMembershipTypesByOrganization } from '@/lib/server/memberships';
import { listOrganizationClasses, organizationPath } from '@/lib/server/organizations';

type Props = { params: Promise<{ locale: Locale; id?: string[] }> };

/** What the address shows: the list (no segment), one type, or null (404). */
const routeOf = (segments: string[] | undefined) => routeCached(JSON.stringify(segments ?? []));

/** Keyed by the segments as text (React's cache compares arguments by identity); once per request for the metadata and the page. */
const routeCached = cache(async function routeCached(key: string) {
  const segments = JSON.parse(key) as string[];
  if (!segments.length) return { kind: 'list' as const };
  const id = parseOptionalId(segments);
  const type = id === null ? null : await getMembershipType(id);
  return type && { kind: 'type' as const, type };
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, id } = await params;
  const route = await routeOf(id);
  if (!route) return {};
  const t = await getTranslations({ locale, namespace: 'memberships.types' });
  if (route.kind === 'list') return pageMetadata(locale, membershipTypePath(), t('title'));
  const nameOf = await namesIn(locale);
  return { title: t('metaTitle', { name: nameOf(route.type), organization: nameOf(route.type.organization) }) };
}

export default async function MembershipTypePage({ params }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  const route = await routeOf(id);
  if (!route) notFound();
  const [t, nameOf] = await Promise.all([getTranslations({ locale, namespace: 'memberships.types' }), namesIn(locale)]);

  if (route.kind === 'type') {
    const type = route.type;
    const name = nameOf(type);
    const classes = await listOrganizationClasses(type.organization.id);
    return (
      <>
        <SubHeader locale={locale} path={membershipTypePath(type.id)} fallback={name} title={name} parents={[{ label: t('title'), href: membershipTypePath() }]} />
        <div className="container">
          <MembershipTypeDetails locale={locale} type={type} classes={classes} />
        </div>
      </>
    );
  }

  const organizations = await listMembershipTypesByOrganization();
  return (
    <>
      <SubHeader locale={locale} path={membershipTypePath()} fallback={t('title')} />
      <div className="container">
        <p className={org.intro}>{t('intro')}</p>
        {organizations.length === 0 ? (
          <EmptyState>{t('none')}</EmptyState>
        ) : (
          <div className={css.sections}>
            {organizations.map(({ organization, types }) => (
              <section key={organization.id} aria-labelledby={`types-org-${organization.id}`}>
                <h2 id={`types-org-${organization.id}`} className={css.orgHeading}>
                  <Link href={organizationPath(organization.id, 'membership-type')}>{nameOf(organization)}</Link>
                </h2>
                <MembershipTypeCards locale={locale} types={types} level={3} />
              </section>
            ))}
          </div>
        )}
      </div>
    </>
  );
}
