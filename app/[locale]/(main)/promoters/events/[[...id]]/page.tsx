/**
 * /promoters/events/{id?} (spec §2 routes with an optional id): a club's public events,
 * upcoming first, then past seasons, each with dates, venue, registration status and results.
 * No id → the default promoter (site parameter DefaultPromoterUserId). Unknown, malformed or
 * hidden → 404. Plain HTML (issue 23): no MUI.
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SubHeader } from '@/components/layout/SubHeader';
import { promoterIn } from '@/components/organizations/names';
import { EventCards } from '@/components/promoters/EventCards';
import { getSiteSettings } from '@/lib/cms';
import type { Locale } from '@/lib/config';
import { parseId } from '@/lib/contracts/ids';
import { elide, federationDate } from '@/lib/format';
import { getPublicPromoter, listPromoterEventsBySeason } from '@/lib/server/promoters';

type Props = { params: Promise<{ locale: Locale; id?: string[] }> };

/** The promoter of the route, in the page's language (`promoterIn`): no segment → the default promoter user id; one valid id; else null. */
async function promoterOf(locale: Locale, segments: string[] | undefined) {
  if (segments && segments.length > 1) return null;
  const userId = segments?.length ? parseId(segments[0]) : (await getSiteSettings(locale)).defaultPromoterUserId;
  const found = userId === null ? null : await getPublicPromoter(userId);
  return found && promoterIn(locale, found);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, id } = await params;
  const promoter = await promoterOf(locale, id);
  if (!promoter) return {};
  const t = await getTranslations({ locale, namespace: 'directory.promoter' });
  return { title: t('metaEventsOf', { name: promoter.name, elide: elide(promoter.name) }) };
}

export default async function PromoterEventsPage({ params }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  const promoter = await promoterOf(locale, id);
  if (!promoter) notFound();
  const [t, tp, events] = await Promise.all([
    getTranslations({ locale, namespace: 'directory.promoter' }),
    getTranslations({ locale, namespace: 'directory.promoters' }),
    listPromoterEventsBySeason(promoter.id, federationDate()),
  ]);
  const title = t('eventsOf', { name: promoter.name, elide: elide(promoter.name) });
  return (
    <>
      <SubHeader
        locale={locale}
        path={id?.length ? `/promoters/events/${promoter.userId}` : '/promoters/events'}
        fallback={title}
        title={title}
        parents={[
          { label: tp('title'), href: '/promoters' },
          { label: promoter.name, href: `/promoters/${promoter.userId}` },
        ]}
      />
      <div className="container">
        <EventCards locale={locale} level={2} events={events} />
      </div>
    </>
  );
}
