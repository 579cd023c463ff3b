/**
 * /desk/events/{id}/gate: the gate scanner (issue 28 "The gate scanner in the desk: the phone's
 * camera reads the QR code …; one scan admits once …; an unpaid ticket is paid at the scan; a
 * missing waiver is signed there; counts per gate and per hour; keeps scanning without a
 * connection and reconciles when it returns"; spec §5 Spectator). For whoever may scan the event's
 * tickets (policy `tickets.scan`: the event's promoter staff, officials, admins); another
 * promoter's event answers like an unknown one (404). The page is kept by the service worker for a
 * device with no connection (components/pwa/sw-rules.ts `isSignOnPage`, which covers the gate
 * page too); its scanner (components/desk/GateScanner.tsx) comes with the page and loads the
 * camera library only when asked.
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import GateScanner from '@/components/desk/GateScanner';
import css from '@/components/desk/desk.module.css';
import { SubHeader } from '@/components/layout/SubHeader';
import type { Locale } from '@/lib/config';
import { parseId } from '@/lib/contracts/ids';
import { AppError } from '@/lib/errors';
import { formatEventDates } from '@/lib/format';
import { Link, redirect } from '@/lib/i18n/navigation';
import { gateEvent } from '@/lib/server/tickets';
import { can } from '@/lib/server/policy';
import { currentPrincipal } from '@/lib/server/policy/authorize';

type Props = { params: Promise<{ locale: Locale; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'desk.gate' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

export default async function GatePage({ params }: Props) {
  const { locale, id: raw } = await params;
  setRequestLocale(locale);
  const id = parseId(raw);
  const path = `/desk/events/${raw}/gate`;
  const viewer = await currentPrincipal();
  if (id === null) notFound();
  const { event } = await gateEvent(viewer, id).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'unauthenticated') return redirect({ href: { pathname: '/login', query: { next: path } }, locale });
    if (err instanceof AppError && err.code === 'not_found') notFound();
    throw err;
  });
  const [t, td] = await Promise.all([getTranslations({ locale, namespace: 'desk.gate' }), getTranslations({ locale, namespace: 'desk' })]);
  // Officials scan without the desk: no links to pages they cannot open.
  const desk = can(viewer, 'desk.open', null);
  return (
    <>
      <SubHeader locale={locale} path={path} fallback={`${t('title')} — ${event.name}`} parents={desk ? [{ label: td('title'), href: '/desk' }, { label: event.name, href: `/desk/events/${id}` }] : []} />
      <div className="container">
        {desk ? (
          <p className={css.actions}>
            <Link href={`/desk/events/${id}`}>{t('backToEvent')}</Link>
          </p>
        ) : null}
        <p className={css.intro}>
          {event.name} · {formatEventDates(event.startDate, event.endDate, locale)}
        </p>
        <GateScanner eventId={id} canTakePayment={can(viewer, 'orders.mark_paid', { promoterId: event.promoterId })} />
      </div>
    </>
  );
}
