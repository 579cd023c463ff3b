/**
 * /thank-you-page/spectator/{registrationId} (spec §2 /thank-you-page/...; issue 28 "the thank-you
 * page shows the tickets"): where the spectator steps land once paid at the gate (at once) or by
 * card. Only the buyer sees it (anyone else, a logged-out visitor, or a malformed id: 404). It says
 * where the registration stands — complete, waiting for the card payment (the page reloads itself
 * every 5 s, no script, like /account/orders/{publicId}), open without an order (back to the
 * steps), or canceled — then each ticket as its own block: its QR code (an SVG drawn on the server
 * by `qrcode` from the ticket's signed code), the spectator's name, the day, the ticket number,
 * and "to pay at the gate" when unpaid; and a link to the order's page. Printed, one ticket per
 * block, without the navigation. Not indexed; rendered per request.
 *
 * Giving a ticket to someone else (issue 28 "a ticket given to another person"): under each ticket
 * that may still be given, a folded "Give this ticket to someone else" with step 3's person form
 * (components/spectators `PersonForm`, posting `…/tickets/{ticketId}/transfer` with a transfer id
 * made here, then showing the page again). A ticket given away shows "Given to {name}" instead of
 * its QR code and is not printed; the new holder's ticket says where their waiver link went until
 * they sign.
 */
import { randomUUID } from 'node:crypto';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import QRCode from 'qrcode';
import styles from '@/components/account/profile/account.module.css';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import buy from '@/components/membership-buy/buy.module.css';
import { registrationTickets, type ShownTicket } from '@/lib/server/spectators';
import css from '@/components/spectators/spectators.module.css';
import { PersonFormIsland } from '@/components/spectators/islands';
import { personLabels } from '@/components/spectators/person-labels';
import { checkoutErrorTexts } from '@/components/membership-buy/error-texts';
import { Alert } from '@/components/ui/Alert';
import type { SpectatorRegistrationView } from '@/lib/contracts/spectators';
import { AppError } from '@/lib/errors';
import { formatCents, formatDate } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { currentPrincipal } from '@/lib/server/policy/authorize';

type Props = { params: Promise<{ locale: Locale; id: string }> };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, id } = await params;
  const t = await getTranslations({ locale, namespace: 'spectatorPages.thanks' });
  return { ...(await pageMetadata(locale, `/thank-you-page/spectator/${id}`, t('title'))), robots: { index: false, follow: false } };
}

/** The registration and tickets of `id` for the viewer, or 404. */
async function load(id: string) {
  if (!UUID.test(id)) notFound();
  try {
    return await registrationTickets(await currentPrincipal(), id);
  } catch (err) {
    if (err instanceof AppError) notFound();
    throw err;
  }
}

/** The QR code of `code` as an SVG (error correction M). */
const qrSvg = (code: string) => QRCode.toString(code, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });

export default async function SpectatorThankYouPage({ params }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  const { registration: reg, tickets } = await load(id);
  const [t, tt, tp] = await Promise.all([
    getTranslations({ locale, namespace: 'spectatorPages.thanks' }),
    getTranslations({ locale, namespace: 'spectatorPages.transfer' }),
    getTranslations({ locale, namespace: 'spectatorPages' }),
  ]);
  const svgs = await Promise.all(tickets.map((x) => (x.standing === 'voided' ? null : qrSvg(x.code))));
  const transferErrors = tickets.some((x) => x.transferable) ? await checkoutErrorTexts(locale, TRANSFER_ERRORS) : {};
  const transferLabels = { ...(await personLabels(locale)), emailHint: tt('emailHint'), submit: tt('submit') };
  const order = reg.order;
  const waiting = reg.state === 'open' && order !== null && order.provider !== 'office' && (order.state === 'reserved') && tickets.length === 0;
  const path = `/thank-you-page/spectator/${reg.id}`;
  return (
    <>
      {waiting ? <meta httpEquiv="refresh" content="5" /> : null}
      <div className={css.noPrint}>
        <SubHeader locale={locale} path={path} fallback={t('title')} parents={[{ label: reg.eventName, href: `/events/${reg.eventId}` }]} />
      </div>
      <div className={`container container-md ${styles.page}`}>
        <div className={css.noPrint}>{banner(t, reg, waiting, locale)}</div>
        <dl className={buy.facts}>
          <dt>{t('event')}</dt>
          <dd>{reg.eventName}</dd>
          <dt>{t('day')}</dt>
          <dd>{formatDate(reg.day, locale)}</dd>
          {order ? (
            <>
              <dt>{t('total')}</dt>
              <dd>{formatCents(order.totalCents, locale)}</dd>
            </>
          ) : null}
        </dl>
        {tickets.length ? (
          <ul className={css.tickets} data-testid="tickets">
            {tickets.map((x, i) => (
              <li key={x.id} className={x.transferredTo !== null ? `${css.ticket} ${css.noPrint}` : css.ticket} data-testid="ticket">
                {svgs[i] ? <div className={css.qr} role="img" aria-label={t('qr', { name: x.name })} dangerouslySetInnerHTML={{ __html: svgs[i]! }} /> : null}
                <span className={css.ticketName}>{x.name}</span>
                <span>{formatDate(x.day, locale)}</span>
                <span>{t('number', { number: x.number })}</span>
                {x.transferredTo !== null ? <span className={css.due}>{tt('given', { name: x.transferredTo })}</span> : ticketNote(t, x)}
                {x.waiverLinkSentTo ? <span className={css.due}>{tt('waiverToSign', { email: x.waiverLinkSentTo })}</span> : null}
                {x.transferable ? (
                  <details className={`${css.transfer} ${css.noPrint}`} data-testid="ticket-transfer">
                    <summary>{tt('summary')}</summary>
                    <p className={buy.note}>{tt('intro')}</p>
                    <PersonFormIsland
                      mode="transfer"
                      idPrefix={`t${i}-`}
                      path={`/spectators/registrations/${reg.id}/tickets/${x.id}/transfer`}
                      extra={{ transferId: randomUUID() }}
                      labels={transferLabels}
                      errors={transferErrors}
                      fallback={tp('failed')}
                    />
                  </details>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        {tickets.length ? <p className={`${buy.note} ${css.noPrint}`}>{t('keep')}</p> : null}
        <div className={`${buy.actions} ${css.noPrint}`}>
          {order ? <Link href={`/account/orders/${order.publicId}`}>{t('order')}</Link> : null}
          <Link href={`/events/${reg.eventId}`}>{t('event')}</Link>
        </div>
      </div>
    </>
  );
}

type T = Awaited<ReturnType<typeof getTranslations<'spectatorPages.thanks'>>>;

/** The codes giving a ticket may be refused with. */
const TRANSFER_ERRORS = [
  'ticket_not_transferable',
  'ticket_transfer_price',
  'adults_only',
  'spectator_already_registered',
  'promoters_not_allowed',
  'spectator_not_found',
  'null_entries',
  'null_email',
  'invalid_birthday',
  'invalid_first_name',
  'invalid_last_name',
  'invalid_gender',
  'invalid_email',
  'unauthenticated',
] as const;

function ticketNote(t: T, x: ShownTicket) {
  if (x.standing === 'unpaid') return <span className={css.due}>{t('payAtGate')}</span>;
  if (x.standing === 'voided') return <span className={css.due}>{t('voided')}</span>;
  return null;
}

/** Where the registration stands. */
function banner(t: T, reg: SpectatorRegistrationView, waiting: boolean, locale: Locale) {
  if (reg.state === 'canceled') {
    return (
      <Alert severity="warning" role="status" title={t('canceled.title')} action={<Link href={`/spectator/${reg.eventId}`}>{t('canceled.again')}</Link>}>
        {t('canceled.body')}
      </Alert>
    );
  }
  if (waiting) {
    return (
      <Alert severity="info" role="status" title={t('waiting.title')}>
        {t('waiting.body')}
      </Alert>
    );
  }
  if (reg.order === null) {
    return (
      <Alert severity="info" role="status" action={<Link href={`/spectator/${reg.eventId}?r=${reg.id}&step=3`}>{t('open.back')}</Link>}>
        {t('open.body')}
      </Alert>
    );
  }
  const due = reg.order.state === 'reserved' || reg.order.state === 'expired';
  return (
    <Alert severity="success" role="status" title={t('done.title')}>
      {due ? t('done.gate', { amount: formatCents(reg.order.totalCents, locale) }) : t('done.paid')}
    </Alert>
  );
}
