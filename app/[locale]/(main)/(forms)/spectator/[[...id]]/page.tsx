/**
 * /spectator/{eventId} (spec §2 /spectator/{id?}; issue 28 "The four steps"): spectator tickets
 * for an event, in four steps (components/spectators/SpectatorSteps). Without an id the visitor
 * goes to the event calendar; a malformed id, more than one segment, or an event that sells no
 * tickets (unknown, hidden, cancelled, tickets off) says 'Event not found'. In the forms route
 * group (its client messages); the page's client code is its small islands. Personal: rendered per
 * request; not indexed.
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import styles from '@/components/account/profile/account.module.css';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import { SpectatorSteps } from '@/components/spectators/SpectatorSteps';
import { Alert } from '@/components/ui/Alert';
import { parseOptionalId } from '@/lib/contracts/ids';
import { AppError } from '@/lib/errors';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { currentPrincipal } from '@/lib/server/policy/authorize';
import { sellingEvent, type TicketEvent } from '@/lib/server/spectators';

type Props = {
  params: Promise<{ locale: Locale; id?: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** The event id of the route (null without one); 404 for a malformed id or extra segments. */
function routeId(segments: string[] | undefined): number | null {
  if (!segments?.length) return null;
  const id = parseOptionalId(segments);
  if (id === null) notFound();
  return id;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, id } = await params;
  const eventId = routeId(id);
  const t = await getTranslations({ locale, namespace: 'spectatorPages' });
  return { ...(await pageMetadata(locale, eventId === null ? '/spectator' : `/spectator/${eventId}`, t('title'))), robots: { index: false, follow: false } };
}

export default async function SpectatorPage({ params, searchParams }: Props) {
  const { locale, id: segments } = await params;
  setRequestLocale(locale);
  const eventId = routeId(segments);
  const [t, te] = await Promise.all([getTranslations({ locale, namespace: 'spectatorPages' }), getTranslations({ locale, namespace: 'errors' })]);
  // Without an event (spec §2 /spectator/{id?}): tickets are sold per event; the calendar leads to them.
  if (eventId === null)
    return (
      <>
        <SubHeader locale={locale} path="/spectator" fallback={t('title')} />
        <div className={`container container-md ${styles.page}`}>
          <p className={styles.intro}>{t('pickEvent')}</p>
          <p>
            <Link href="/event-calendar">{t('calendar')}</Link>
          </p>
        </div>
      </>
    );
  const path = `/spectator/${eventId}`;
  let event: TicketEvent | null = null;
  try {
    event = await sellingEvent(eventId);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
  }
  if (!event) {
    return (
      <>
        <SubHeader locale={locale} path={path} fallback={t('title')} />
        <div className={`container container-md ${styles.page}`}>
          <Alert severity="error" action={<Link href="/event-calendar">{t('calendar')}</Link>}>
            {te('event_not_found')}
          </Alert>
        </div>
      </>
    );
  }
  return (
    <>
      <SubHeader locale={locale} path={path} fallback={t('title')} parents={[{ label: event.name, href: `/events/${event.id}` }]} />
      <div className={`container container-md ${styles.page}`}>
        <p className={styles.intro}>{t('intro', { event: event.name })}</p>
        <SpectatorSteps locale={locale} event={event} viewer={await currentPrincipal()} search={await searchParams} />
      </div>
    </>
  );
}
