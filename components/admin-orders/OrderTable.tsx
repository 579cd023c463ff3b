/**
 * The federation office's list of orders (issue 26 "staff mark it paid"; "refunds by federation
 * staff"; spec §3 Transaction; /admin/orders): a filter that works without JavaScript (`?state=`,
 * `?q=`, `?page=`), then one row per order: its date (federation time zone), buyer (name and
 * email), what it bought, total, paid, state (in words) and how it is paid; each row links to the
 * order's page. On a phone the date and the buyer stay in place while the other columns scroll
 * inside the table (components/ui/ScrollFrame). Server component, plain HTML: rows from
 * lib/server/checkout `listOfficeOrders`.
 */
import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/content/EmptyState';
import { ScrollFrame } from '@/components/ui/ScrollFrame';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import { formatCents } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import type { OrderListItem } from '@/lib/server/checkout/server';
import css from './admin-orders.module.css';
import { compactDateTime, ORDER_FILTER_STATES, type OrderFilterState } from './format';
import { StateBadge } from './StateBadge';

/** `/admin/orders` with the filter and page (defaults left out). */
export function ordersHref(state: OrderFilterState, q: string, page: number): string {
  const query = new URLSearchParams();
  if (state !== 'all') query.set('state', state);
  if (q) query.set('q', q);
  if (page > 1) query.set('page', String(page));
  const s = query.toString();
  return s ? `/admin/orders?${s}` : '/admin/orders';
}

/** The list (see the file's docstring); `more`: another page follows. */
export async function OrderTable({ locale, orders, more, state, q, page }: { locale: Locale; orders: OrderListItem[]; more: boolean; state: OrderFilterState; q: string; page: number }) {
  const t = await getTranslations({ locale, namespace: 'adminOrders' });
  const filtered = state !== 'all' || q !== '';
  return (
    <div>
      <form role="search" method="get" aria-label={t('filter.label')} className={css.filter}>
        <div className={`${ui.field} ${css.filterState}`}>
          <label htmlFor="admin-orders-state" className={ui.label}>
            {t('filter.state')}
          </label>
          <select id="admin-orders-state" name="state" defaultValue={state} className={ui.select}>
            {ORDER_FILTER_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`states.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={`${ui.field} ${css.filterSearch}`}>
          <label htmlFor="admin-orders-q" className={ui.label}>
            {t('filter.search')}
          </label>
          <input id="admin-orders-q" name="q" type="search" defaultValue={q} maxLength={100} className={ui.input} />
        </div>
        <button type="submit" className={`${ui.button} ${ui.contained}`}>
          {t('filter.submit')}
        </button>
        {filtered && (
          <Link href="/admin/orders" className={ui.button}>
            {t('filter.clear')}
          </Link>
        )}
      </form>
      {orders.length === 0 ? (
        <EmptyState>{filtered || page > 1 ? t('none') : t('noneAtAll')}</EmptyState>
      ) : (
        <ScrollFrame label={t('tableLabel')} hint={t('scrollHint')} rowParams={{}}>
          <table className={`${ui.table} ${css.table}`}>
            <caption className="visually-hidden">{t('tableLabel')}</caption>
            <thead>
              <tr>
                <th scope="col" className={css.stickyDate}>
                  {t('columns.date')}
                </th>
                <th scope="col" className={css.stickyBuyer}>
                  {t('columns.buyer')}
                </th>
                <th scope="col">{t('columns.what')}</th>
                <th scope="col" className={ui.num}>
                  {t('columns.total')}
                </th>
                <th scope="col" className={ui.num}>
                  {t('columns.paid')}
                </th>
                <th scope="col">{t('columns.state')}</th>
                <th scope="col">{t('columns.provider')}</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => {
                const date = compactDateTime(o.createdAt, locale);
                const buyer = o.buyer?.name || o.buyer?.email || t('buyerGone');
                return (
                  <tr key={o.publicId}>
                    <td className={css.stickyDate}>
                      <Link href={`/admin/orders/${o.publicId}`} aria-label={t('openOrder', { date, buyer })}>
                        {date}
                      </Link>
                    </td>
                    <th scope="row" className={css.stickyBuyer}>
                      {o.buyer?.name || t('buyerGone')}
                      {o.buyer?.email ? <span className={css.email}>{o.buyer.email}</span> : null}
                    </th>
                    <td>
                      <ul className={css.what}>
                        {o.lines.map((line, i) => (
                          <li key={i}>{line}</li>
                        ))}
                      </ul>
                    </td>
                    <td className={`${ui.num} ${css.nowrap}`}>{formatCents(o.summary.totalCents, locale)}</td>
                    <td className={`${ui.num} ${css.nowrap}`}>{formatCents(o.summary.paidCents, locale)}</td>
                    <td>
                      <StateBadge state={o.summary.state} label={t(`states.${o.summary.state}`)} />
                    </td>
                    <td className={css.nowrap}>{t(`providers.${o.provider}`)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollFrame>
      )}
      {(page > 1 || more) && (
        <nav aria-label={t('page', { page })} className={css.pages}>
          {page > 1 && (
            <Link href={ordersHref(state, q, page - 1)} className={`${ui.button} ${ui.outlined}`}>
              {t('previous')}
            </Link>
          )}
          <p className={css.pageOf}>{t('page', { page })}</p>
          {more && (
            <Link href={ordersHref(state, q, page + 1)} className={`${ui.button} ${ui.outlined}`}>
              {t('next')}
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
