/**
 * /membership/members (spec §2 static pages; issue 26 "the public list shows name, club, class,
 * number and valid-until only; nothing private; a minor's entry shows no more than that"): the
 * memberships valid today in every public organization, by last name, 50 a page (spec §9),
 * filtered by a plain GET form: `?organization=` and `?class=` (ids; anything else is ignored),
 * `?q=` a name or member number (at most 50 characters), `?page=`. Each name links to
 * /membership/members/{membershipId}. Plain HTML from the server (no client JavaScript of its own).
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import { membersListHref } from '@/components/memberships/paths';
import { PublicMemberList } from '@/components/memberships/PublicMemberList';
import org from '@/components/organizations/organizations.module.css';
import type { Locale } from '@/lib/config';
import { parseId } from '@/lib/contracts/ids';
import { federationDate } from '@/lib/format';
import { listMemberFilters, listPublicMembers } from '@/lib/server/memberships';

type SearchParams = Record<string, string | string[] | undefined>;
type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<SearchParams> };

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'memberships.members' });
  return pageMetadata(locale, membersListHref(), t('title'));
}

export default async function MembersPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const query = await searchParams;
  const filters = { organization: parseId(first(query.organization)), class: parseId(first(query.class)) };
  const page = Number(first(query.page));
  const [t, organizations, members] = await Promise.all([
    getTranslations({ locale, namespace: 'memberships.members' }),
    listMemberFilters(),
    listPublicMembers({
      today: federationDate(),
      organizationId: filters.organization,
      classId: filters.class,
      q: first(query.q),
      page: Number.isInteger(page) && page > 0 ? page : 1,
    }),
  ]);
  return (
    <>
      <SubHeader locale={locale} path={membersListHref()} fallback={t('title')} />
      <div className="container">
        <p className={org.intro}>{t('intro')}</p>
        <PublicMemberList locale={locale} organizations={organizations} filters={filters} members={members} />
      </div>
    </>
  );
}
