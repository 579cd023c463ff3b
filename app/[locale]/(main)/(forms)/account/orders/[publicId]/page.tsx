/**
 * /account/orders/{publicId}: one order as its buyer sees it (issue 26; spec §3 Transaction): its
 * state in words (reserved: pay at the office with this reference, or pay by card now; paid; the
 * time ran out; refunded), its lines, taxes per code and total, its payments and refunds, and the
 * receipt once paid. Stripe sends the buyer back here (`?session_id=` or `?canceled=1`); coming
 * back never marks anything paid: while the webhook has not arrived the page says it is waiting
 * and reloads itself every 5 seconds (plain HTML, no script). Only the buyer (or a federation
 * admin) sees it; anyone else gets the not-found page. Personal: rendered per request, not indexed.
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import styles from '@/components/account/profile/account.module.css';
import { viewer } from '@/components/account/profile/viewer';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import { checkoutErrorTexts } from '@/components/membership-buy/error-texts';
import { PayButtonIsland } from '@/components/membership-buy/islands';
import buy from '@/components/membership-buy/buy.module.css';
import { Alert } from '@/components/ui/Alert';
import ui from '@/components/ui/ui.module.css';
import { BASE_PATH, type Locale } from '@/lib/config';
import { formatCents, formatDateTime } from '@/lib/format';
import { Link, redirect } from '@/lib/i18n/navigation';
import { getOrder, taxLabeller } from '@/lib/server/checkout/server';
import { can } from '@/lib/server/policy';
import { currentPrincipal } from '@/lib/server/policy/authorize';

type Props = { params: Promise<{ locale: Locale; publicId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, publicId } = await params;
  const t = await getTranslations({ locale, namespace: 'membershipBuy.order' });
  return { ...(await pageMetadata(locale, `/account/orders/${publicId}`, t('title'))), robots: { index: false, follow: false } };
}

export default async function OrderPage({ params, searchParams }: Props) {
  const { locale, publicId } = await params;
  setRequestLocale(locale);
  const search = await searchParams;
  const path = `/account/orders/${publicId}`;
  const user = await viewer();
  if (!user) return redirect({ href: { pathname: '/login', query: { next: path } }, locale });
  if (!UUID.test(publicId)) notFound();
  const [view, principal] = await Promise.all([getOrder(publicId.toLowerCase()), currentPrincipal()]);
  if (!view || !can(principal, 'account.view', { userId: view.order.userId })) notFound();
  const [t, tb, ta, taxLabel] = await Promise.all([
    getTranslations({ locale, namespace: 'membershipBuy.order' }),
    getTranslations({ locale, namespace: 'membershipBuy' }),
    getTranslations({ locale, namespace: 'account' }),
    taxLabeller(locale),
  ]);
  const { order, lines, payments, refunds, summary } = view;
  const money = (cents: number) => formatCents(cents, locale);
  const waiting = summary.state === 'reserved' && order.provider === 'stripe' && typeof search.session_id === 'string';
  const mine = principal?.userId === order.userId;
  const reference = order.publicId.slice(0, 8).toUpperCase();
  const errors = await checkoutErrorTexts(locale);

  let banner;
  if (summary.state === 'paid' || summary.state === 'partially_refunded' || summary.state === 'refunded') {
    banner = (
      <Alert severity={summary.state === 'paid' ? 'success' : 'info'} role="status" title={t(`state.${summary.state}`)}>
        {summary.state === 'paid' ? t('paid') : t('refunded', { amount: money(summary.refundedCents) })}
      </Alert>
    );
  } else if (summary.state === 'expired') {
    banner = (
      <Alert severity="warning" role="status" title={t('state.expired')} action={<Link href="/account/membership">{t('again')}</Link>}>
        {t('expired')}
      </Alert>
    );
  } else if (order.provider === 'office') {
    banner = (
      <Alert severity="info" role="status" title={t('state.reserved')}>
        {t('officeReserved', { amount: money(summary.dueCents) })}
      </Alert>
    );
  } else if (waiting) {
    banner = (
      <Alert severity="info" role="status" title={t('state.reserved')}>
        {t('waiting')}
      </Alert>
    );
  } else {
    banner = (
      <Alert severity="warning" role="status" title={t('state.reserved')}>
        {search.canceled ? t('canceled', { time: formatDateTime(order.holdExpiresAt, locale) }) : t('unpaid')}
      </Alert>
    );
  }

  return (
    <>
      {/* Waiting for Stripe's webhook: reload every 5 s until it has paid the order (no script needed). */}
      {waiting ? <meta httpEquiv="refresh" content="5" /> : null}
      <SubHeader locale={locale} path={path} fallback={`${t('title')} ${reference}`} parents={[{ label: ta('title'), href: '/account' }]} />
      <div className={`container container-md ${styles.page}`}>
        {banner}
        <dl className={buy.facts}>
          <dt>{t('reference')}</dt>
          <dd>
            <strong>{reference}</strong> <span className={buy.note}>({order.publicId})</span>
          </dd>
          <dt>{t('created')}</dt>
          <dd>{formatDateTime(order.createdAt, locale)}</dd>
          {summary.state === 'reserved' ? (
            <>
              <dt>{t('heldUntil')}</dt>
              <dd>{formatDateTime(order.holdExpiresAt, locale)}</dd>
            </>
          ) : null}
          <dt>{tb('summary.payment')}</dt>
          <dd>{order.provider === 'stripe' ? t('byCard') : t('atOffice')}</dd>
        </dl>
        <table className={buy.summary}>
          <caption className="visually-hidden">{tb('summary.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{tb('summary.line')}</th>
              <th scope="col" className={buy.amount}>
                {tb('summary.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.id}>
                <td>{line.description}</td>
                <td className={buy.amount}>{money(line.subtotalCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{tb('summary.subtotal')}</th>
              <td className={buy.amount}>{money(order.subtotalCents)}</td>
            </tr>
            {order.discountCents > 0 ? (
              <tr>
                <th scope="row">{tb('summary.discount', { code: order.promoCode ?? '' })}</th>
                <td className={buy.amount}>−{money(order.discountCents)}</td>
              </tr>
            ) : null}
            {order.taxes.map((tax) => (
              <tr key={tax.code}>
                <th scope="row">
                  {taxLabel(tax)}
                </th>
                <td className={buy.amount}>{money(tax.cents)}</td>
              </tr>
            ))}
            <tr className={buy.total}>
              <th scope="row">{tb('summary.total')}</th>
              <td className={buy.amount}>{money(order.totalCents)}</td>
            </tr>
          </tfoot>
        </table>
        {payments.length ? (
          <>
            <h2 className={styles.sectionTitle}>{t('payments')}</h2>
            <ul>
              {payments.map((p) => (
                <li key={p.id}>
                  {formatDateTime(p.createdAt, locale)} · {p.provider === 'stripe' ? t('byCard') : t('atOffice')} · {money(p.amountCents)}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {refunds.length ? (
          <>
            <h2 className={styles.sectionTitle}>{t('refunds')}</h2>
            <ul>
              {refunds.map((r) => (
                <li key={r.id}>
                  {formatDateTime(r.createdAt, locale)} · {money(r.amountCents)} · {r.reason}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <div className={buy.actions}>
          {summary.state === 'reserved' && order.provider === 'stripe' && !waiting && mine ? (
            <PayButtonIsland path={`/users/current/orders/${order.publicId}/pay`} label={t('payNow', { amount: money(summary.dueCents) })} busyLabel={tb('confirm.busy')} errors={errors} fallback={tb('failed')} />
          ) : null}
          {summary.paidCents > 0 ? (
            <a className={`${ui.button} ${ui.outlined}`} href={`${BASE_PATH}/api/v1/account/orders/${order.publicId}/receipt`} download>
              {t('receipt')}
            </a>
          ) : null}
          {summary.state === 'paid' ? <Link href="/account#memberships">{t('cards')}</Link> : null}
        </div>
      </div>
    </>
  );
}
