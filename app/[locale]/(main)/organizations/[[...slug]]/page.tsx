/**
 * /organizations and /organizations/{id?}/<section> (spec §2 Organization pages, "Organizations
 * list with about, events, calendar, classes, members, series, membership types and a contact
 * form"): the list of public organizations; an organization's about-us (also /organizations/{id}
 * alone), calendar, classes, contact, events, members, membership-type and series, with the
 * sections as links (`aria-current="page"`); /organizations/{id?}/events/{eventId}: one of its
 * events. Without an id: the default organization. Malformed id, unknown section, unknown or
 * hidden organization, another organization's or a hidden event → 404.
 * Plain HTML from the server (issue 23): the members' search and pages are a GET form and links
 * (`?q=`, `?page=`), the calendar's views links; the contact section's form (react-hook-form,
 * zod, TanStack Query) is loaded lazily in the browser (components/organizations/ContactFormLoader).
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { CalendarFeedLinks } from '@/components/calendar/CalendarFeedLinks';
import { EventCalendar } from '@/components/calendar/EventCalendar';
import { EventView } from '@/components/events/EventView';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import { ClassList } from '@/components/organizations/ClassList';
import { MemberList } from '@/components/organizations/MemberList';
import { MembershipTypeList } from '@/components/organizations/MembershipTypeList';
import { OrganizationAbout } from '@/components/organizations/OrganizationAbout';
import { OrganizationContact } from '@/components/organizations/OrganizationContact';
import { OrganizationList } from '@/components/organizations/OrganizationList';
import css from '@/components/organizations/organizations.module.css';
import { organizationsPath, resolveOrganizationRoute } from '@/components/organizations/organization-route';
import { EventCards } from '@/components/promoters/EventCards';
import { SectionNav } from '@/components/promoters/SectionNav';
import { SeriesCards } from '@/components/promoters/SeriesCards';
import { getSiteSettings } from '@/lib/cms';
import type { Locale } from '@/lib/config';
import { elide, federationDate } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import {
  listMembershipTypes,
  listOrganizationClasses,
  listOrganizationEvents,
  listOrganizationMembers,
  listOrganizations,
  listOrganizationSeries,
  ORGANIZATION_SECTIONS,
  organizationPath,
  type OrganizationDetails,
  type OrganizationSection,
} from '@/lib/server/organizations';

type SearchParams = Record<string, string | string[] | undefined>;
type Props = { params: Promise<{ locale: Locale; slug?: string[] }>; searchParams: Promise<SearchParams> };

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, slug } = await params;
  const route = await resolveOrganizationRoute(locale, slug);
  if (!route) return {};
  const t = await getTranslations({ locale, namespace: 'directory.organizations' });
  if (route.kind === 'list') return pageMetadata(locale, '/organizations', t('title'));
  if (route.kind === 'event') return { title: `${route.event.name} – ${route.organization.name}` };
  if (route.section === 'about-us') return { title: route.organization.name };
  return { title: t('metaTitle', { section: t(`sections.${route.section}`), name: route.organization.name }) };
}

export default async function OrganizationsPage({ params, searchParams }: Props) {
  const { locale, slug } = await params;
  setRequestLocale(locale);
  const route = await resolveOrganizationRoute(locale, slug);
  if (!route) notFound();
  const t = await getTranslations({ locale, namespace: 'directory' });
  const path = organizationsPath(slug);
  const listCrumb = { label: t('organizations.title'), href: '/organizations' };

  if (route.kind === 'list') {
    const organizations = await listOrganizations();
    return (
      <>
        <SubHeader locale={locale} path="/organizations" fallback={t('organizations.title')} />
        <div className="container">
          <p className={css.intro}>{t('organizations.intro')}</p>
          <OrganizationList locale={locale} organizations={organizations} />
        </div>
      </>
    );
  }

  const org = route.organization;
  const orgCrumb = { label: org.name, href: organizationPath(org.id) };

  if (route.kind === 'event') {
    const eventsPath = organizationPath(org.id, 'events');
    return (
      <>
        <SubHeader locale={locale} path={path} fallback={route.event.name} title={route.event.name} parents={[listCrumb, orgCrumb, { label: t('organizations.sections.events'), href: eventsPath }]} />
        <div className="container">
          <p className={css.intro}>
            <Link href={eventsPath}>← {t('orgEvent.back', { name: org.name, elide: elide(org.name) })}</Link>
          </p>
          <EventView locale={locale} event={route.event} path={path} searchParams={await searchParams} />
        </div>
      </>
    );
  }

  const section = route.section;
  const title = section === 'about-us' ? org.name : t(`organizations.sections.${section}`);
  return (
    <>
      <SubHeader locale={locale} path={path} fallback={title} title={title} parents={section === 'about-us' ? [listCrumb] : [listCrumb, orgCrumb]} />
      <div className="container">
        <SectionNav
          label={t('organizations.navLabel')}
          links={ORGANIZATION_SECTIONS.map((s) => ({ href: organizationPath(org.id, s), label: t(`organizations.sections.${s}`), current: s === section }))}
        />
        <SectionBody locale={locale} organization={org} section={section} path={path} searchParams={await searchParams} />
      </div>
    </>
  );
}

async function SectionBody({ locale, organization: org, section, path, searchParams }: { locale: Locale; organization: OrganizationDetails; section: OrganizationSection; path: string; searchParams: SearchParams }) {
  const t = await getTranslations({ locale, namespace: 'directory' });
  switch (section) {
    case 'about-us':
      return <OrganizationAbout locale={locale} organization={org} />;
    case 'calendar':
      return (
        <>
          <EventCalendar locale={locale} path={path} searchParams={searchParams} scope={{ organizationId: org.id }} keep={[]} />
          <CalendarFeedLinks locale={locale} scope={{ organizationId: org.id }} />
        </>
      );
    case 'classes':
      return <ClassList locale={locale} classes={await listOrganizationClasses(org.id)} />;
    case 'contact':
      return <OrganizationContact locale={locale} organization={org} captchaSiteKey={(await getSiteSettings(locale)).captchaSiteKey} />;
    case 'events':
      return <EventCards locale={locale} level={2} events={await listOrganizationEvents(org.id, federationDate())} eventHref={(id) => `${organizationPath(org.id, 'events')}/${id}`} showPromoter />;
    case 'members': {
      const page = Number(first(searchParams.page));
      const members = await listOrganizationMembers(org.id, { today: federationDate(), q: first(searchParams.q), page: Number.isInteger(page) && page > 0 ? page : 1 });
      return <MemberList locale={locale} path={path} members={members} />;
    }
    case 'membership-type':
      return <MembershipTypeList locale={locale} types={await listMembershipTypes(org.id)} />;
    case 'series':
      return <SeriesCards locale={locale} level={2} series={await listOrganizationSeries(org.id)} empty={t('series.none')} showPromoter />;
  }
}
