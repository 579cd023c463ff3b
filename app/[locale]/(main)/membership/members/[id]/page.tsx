/**
 * /membership/members/{id} (spec §2 routes with a required id; issue 26): one membership as the
 * public sees it — the holder's name, organization, membership type in the page's language, club,
 * class, member number, valid from / valid until and its state today ("Valid", "Expired", "Not
 * yet valid"). Nothing more for anyone, a minor's membership included. `id` is the membership's
 * id. Malformed, unknown, or of a hidden organization → 404. Plain HTML from the server.
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SubHeader } from '@/components/layout/SubHeader';
import { MembershipDetails } from '@/components/memberships/MembershipDetails';
import { membersListHref, membershipPath } from '@/components/memberships/paths';
import type { Locale } from '@/lib/config';
import { parseId } from '@/lib/contracts/ids';
import { federationDate } from '@/lib/format';
import { getPublicMembership } from '@/lib/server/memberships';

type Props = { params: Promise<{ locale: Locale; id: string }> };

/** The membership of the address on the federation's today, or null (once per request for the metadata and the page). */
const membershipOf = cache(async function membershipOf(raw: string, today: string) {
  const id = parseId(raw);
  return id === null ? null : getPublicMembership(id, today);
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, id } = await params;
  const membership = await membershipOf(id, federationDate());
  if (!membership) return {};
  const t = await getTranslations({ locale, namespace: 'memberships.member' });
  return { title: t('metaTitle', { name: `${membership.firstName} ${membership.lastName}`.trim(), number: membership.number }) };
}

export default async function MembershipPage({ params }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  const membership = await membershipOf(id, federationDate());
  if (!membership) notFound();
  const t = await getTranslations({ locale, namespace: 'memberships.members' });
  const name = `${membership.firstName} ${membership.lastName}`.trim();
  return (
    <>
      <SubHeader locale={locale} path={membershipPath(membership.id)} fallback={name} title={name} parents={[{ label: t('title'), href: membersListHref() }]} />
      <div className="container">
        <MembershipDetails locale={locale} membership={membership} />
      </div>
    </>
  );
}
