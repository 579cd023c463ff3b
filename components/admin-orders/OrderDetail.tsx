/**
 * One order in full for the federation office (issue 26; spec §3 Transaction: lines, subtotal,
 * tax, total, total paid, promo code, provider transaction id; /admin/orders/{publicId}): the
 * order's facts (buyer, created, hold end, province, language, payment, promo code, state, the
 * receipt to download once paid), its lines with unit price, quantity, discount, taxes and total,
 * the totals with each tax, then what happened to it: payments (date, provider, amount,
 * reference, who recorded it), refunds (date, amount, reason, who), the hold's release and the
 * memberships it gave. `actions` (the island of components/admin-orders/islands) goes between the
 * facts and the lines. Server component, plain HTML; amounts in the page's language.
 */
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { StateBadge } from '@/components/admin-orders/StateBadge';
import ui from '@/components/ui/ui.module.css';
import { BASE_PATH, type Locale } from '@/lib/config';
import { formatCents, formatDate, formatDateTime } from '@/lib/format';
import type { OfficeOrderView } from '@/lib/server/checkout/get-office-order';
import { taxLabeller } from '@/lib/server/checkout/server';
import css from './admin-orders.module.css';

/** The order's page (see the file's docstring). */
export async function OrderDetail({ locale, view, actions }: { locale: Locale; view: OfficeOrderView; actions: ReactNode }) {
  const [t, tl, label] = await Promise.all([getTranslations({ locale, namespace: 'adminOrders' }), getTranslations({ locale, namespace: 'languages' }), taxLabeller(locale)]);
  const { order, lines, payments, refunds, release, memberships, summary } = view;
  const money = (cents: number) => formatCents(cents, locale);
  const when = (at: Date) => formatDateTime(at, locale);
  const who = (userId: string | null, fallback: string) => {
    if (!userId) return fallback;
    const person = view.people[userId];
    return person ? `${person.name || person.email} (${person.email})` : t('detail.gone');
  };
  const lineOf = new Map(lines.map((l) => [l.id, l.description]));
  const language = tl.has(order.locale as Locale) ? tl(order.locale as Locale) : order.locale;
  const fact = (term: string, value: ReactNode) => (
    <div>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );

  return (
    <>
      <section className={css.section} aria-labelledby="order-facts">
        <h2 id="order-facts" className={css.sectionTitle}>
          {t('detail.order')}
        </h2>
        <dl className={css.facts}>
          {fact(t('detail.number'), <code>{order.publicId}</code>)}
          {fact(t('detail.state'), <StateBadge state={summary.state} label={t(`states.${summary.state}`)} />)}
          {fact(
            t('detail.buyer'),
            view.buyer ? (
              <>
                {view.buyer.name} <span className={css.email}>{view.buyer.email}</span>
              </>
            ) : (
              t('buyerGone')
            ),
          )}
          {fact(t('detail.created'), when(order.createdAt))}
          {fact(t('detail.holdEnds'), when(order.holdExpiresAt))}
          {fact(t('detail.province'), order.province)}
          {fact(t('detail.language'), language)}
          {fact(t('detail.provider'), t(`providers.${order.provider}`))}
          {order.promoCode ? fact(t('detail.promoCode'), order.promoCode) : null}
          {view.receiptNumber
            ? fact(
                t('detail.receiptTerm'),
                <a href={`${BASE_PATH}/api/v1/account/orders/${order.publicId}/receipt`} download>
                  {t('detail.receipt', { number: view.receiptNumber })}
                </a>,
              )
            : null}
        </dl>
      </section>

      {actions}

      <section className={css.section} aria-labelledby="order-lines">
        <h2 id="order-lines" className={css.sectionTitle}>
          {t('detail.lines')}
        </h2>
        <div className={ui.tableScroll} role="region" aria-labelledby="order-lines" tabIndex={0}>
          <table className={`${ui.table} ${css.detailTable}`}>
            <thead>
              <tr>
                <th scope="col" className={css.firstCol}>
                  {t('detail.description')}
                </th>
                <th scope="col" className={ui.num}>
                  {t('detail.unit')}
                </th>
                <th scope="col" className={ui.num}>
                  {t('detail.quantity')}
                </th>
                <th scope="col" className={ui.num}>
                  {t('detail.discount')}
                </th>
                <th scope="col">{t('detail.taxes')}</th>
                <th scope="col" className={ui.num}>
                  {t('detail.total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.id}>
                  <th scope="row" className={css.firstCol}>
                    {line.description}
                  </th>
                  <td className={`${ui.num} ${css.nowrap}`}>{money(line.unitCents)}</td>
                  <td className={ui.num}>{line.quantity}</td>
                  <td className={`${ui.num} ${css.nowrap}`}>{line.discountCents ? `−${money(line.discountCents)}` : money(0)}</td>
                  <td className={css.nowrap}>
                    {line.taxes.length
                      ? line.taxes.map((tax) => (
                          <span key={tax.code} className={css.taxLine}>
                            {`${label(tax)}${locale === 'fr' ? ' : ' : ': '}${money(tax.cents)}`}
                          </span>
                        ))
                      : t('detail.noTax')}
                  </td>
                  <td className={`${ui.num} ${css.nowrap}`}>{money(line.totalCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <table className={css.totals}>
          <tbody>
            <tr>
              <th scope="row">{t('detail.subtotal')}</th>
              <td>{money(order.subtotalCents)}</td>
            </tr>
            {order.discountCents ? (
              <tr>
                <th scope="row">{order.promoCode ? `${t('detail.discount')} (${order.promoCode})` : t('detail.discount')}</th>
                <td>−{money(order.discountCents)}</td>
              </tr>
            ) : null}
            {order.taxes.map((tax) => (
              <tr key={tax.code}>
                <th scope="row">{label(tax)}</th>
                <td>{money(tax.cents)}</td>
              </tr>
            ))}
            <tr className={css.grand}>
              <th scope="row">{t('detail.total')}</th>
              <td>{money(order.totalCents)}</td>
            </tr>
            <tr>
              <th scope="row">{t('detail.paid')}</th>
              <td>{money(summary.paidCents)}</td>
            </tr>
            {summary.refundedCents ? (
              <tr>
                <th scope="row">{t('detail.refunded')}</th>
                <td>−{money(summary.refundedCents)}</td>
              </tr>
            ) : null}
            {summary.refundableCents && summary.refundedCents ? (
              <tr>
                <th scope="row">{t('detail.refundable')}</th>
                <td>{money(summary.refundableCents)}</td>
              </tr>
            ) : null}
            {summary.dueCents ? (
              <tr>
                <th scope="row">{t('detail.due')}</th>
                <td>{money(summary.dueCents)}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </section>

      <section className={css.section} aria-labelledby="order-payments">
        <h2 id="order-payments" className={css.sectionTitle}>
          {t('detail.payments')}
        </h2>
        {payments.length === 0 ? (
          <p>{t('detail.noPayments')}</p>
        ) : (
          <div className={ui.tableScroll} role="region" aria-labelledby="order-payments" tabIndex={0}>
            <table className={`${ui.table} ${css.detailTable}`}>
              <thead>
                <tr>
                  <th scope="col" className={css.firstCol}>
                    {t('detail.date')}
                  </th>
                  <th scope="col">{t('detail.provider')}</th>
                  <th scope="col" className={ui.num}>
                    {t('detail.amount')}
                  </th>
                  <th scope="col">{t('detail.reference')}</th>
                  <th scope="col">{t('detail.recordedBy')}</th>
                  <th scope="col">{t('detail.outcome')}</th>
                </tr>
              </thead>
              <tbody>
                {payments.map((p) => (
                  <tr key={p.id}>
                    <th scope="row" className={css.firstCol}>
                      {when(p.createdAt)}
                    </th>
                    <td className={css.nowrap}>{t(`providers.${p.provider}`)}</td>
                    <td className={`${ui.num} ${css.nowrap}`}>{money(p.amountCents)}</td>
                    <td>
                      <code>{p.providerTransactionId ?? '—'}</code>
                    </td>
                    <td>{who(p.recordedBy, t('detail.byProvider'))}</td>
                    <td>{t(`detail.paymentReasons.${p.reason}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className={css.section} aria-labelledby="order-refunds">
        <h2 id="order-refunds" className={css.sectionTitle}>
          {t('detail.refunds')}
        </h2>
        {refunds.length === 0 ? (
          <p>{t('detail.noRefunds')}</p>
        ) : (
          <div className={ui.tableScroll} role="region" aria-labelledby="order-refunds" tabIndex={0}>
            <table className={`${ui.table} ${css.detailTable}`}>
              <thead>
                <tr>
                  <th scope="col" className={css.firstCol}>
                    {t('detail.date')}
                  </th>
                  <th scope="col" className={ui.num}>
                    {t('detail.amount')}
                  </th>
                  <th scope="col">{t('detail.reason')}</th>
                  <th scope="col">{t('detail.requestedBy')}</th>
                </tr>
              </thead>
              <tbody>
                {refunds.map((r) => (
                  <tr key={r.id}>
                    <th scope="row" className={css.firstCol}>
                      {when(r.createdAt)}
                    </th>
                    <td className={`${ui.num} ${css.nowrap}`}>{money(r.amountCents)}</td>
                    <td className={css.reason}>{r.reason}</td>
                    <td>{who(r.requestedBy, t('detail.byCheckout'))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {release ? (
        <section className={css.section} aria-labelledby="order-release">
          <h2 id="order-release" className={css.sectionTitle}>
            {t('detail.release')}
          </h2>
          <dl className={css.facts}>
            {fact(t('detail.releasedAt'), when(release.at))}
            {fact(t('detail.releaseWhy'), t(`detail.releaseReasons.${release.reason}`))}
          </dl>
        </section>
      ) : null}

      <section className={css.section} aria-labelledby="order-memberships">
        <h2 id="order-memberships" className={css.sectionTitle}>
          {t('detail.memberships')}
        </h2>
        {memberships.length === 0 ? (
          <p>{t('detail.noMemberships')}</p>
        ) : (
          <div className={ui.tableScroll} role="region" aria-labelledby="order-memberships" tabIndex={0}>
            <table className={`${ui.table} ${css.detailTable}`}>
              <thead>
                <tr>
                  <th scope="col" className={css.firstCol}>
                    {t('detail.memberNumber')}
                  </th>
                  <th scope="col">{t('detail.holder')}</th>
                  <th scope="col">{t('detail.period')}</th>
                </tr>
              </thead>
              <tbody>
                {memberships.map((m) => (
                  <tr key={m.membershipId}>
                    <th scope="row" className={css.firstCol}>
                      {m.number}
                    </th>
                    <td>{lineOf.get(m.orderLineId) ?? '—'}</td>
                    <td className={css.nowrap}>{t('detail.periodValue', { from: formatDate(m.validFrom, locale), to: formatDate(m.validUntil, locale) })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
