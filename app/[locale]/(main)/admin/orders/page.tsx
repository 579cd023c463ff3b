/**
 * /admin/orders: the federation office's orders (issue 26 "pay at the office or gate … staff mark
 * it paid"; "refunds by federation staff with a reason, through the provider, recorded"; spec §3
 * Transaction): membership orders newest first, filtered by state and searched by the buyer's
 * name or email or the order number (`?state=&q=&page=`, a plain GET form), each row leading to
 * the order's page (components/admin-orders). Federation admins only (`orders.refund`): without a
 * session the proxy sends the visitor to the login, any other login gets the 404 page. Per
 * request, never indexed.
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import css from '@/components/admin-orders/admin-orders.module.css';
import { orderFilter } from '@/components/admin-orders/format';
import { OrderTable } from '@/components/admin-orders/OrderTable';
import { SubHeader } from '@/components/layout/SubHeader';
import type { Locale } from '@/lib/config';
import { listOfficeOrders } from '@/lib/server/checkout/server';
import { authorize } from '@/lib/server/policy/authorize';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ state?: string | string[]; q?: string | string[]; page?: string | string[] }> };

const PATH = '/admin/orders';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'adminOrders' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

export default async function AdminOrdersPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await authorize('orders.refund', { promoterId: null }, PATH);
  const { state, q, page } = orderFilter(await searchParams);
  const [{ orders, more }, t] = await Promise.all([listOfficeOrders({ state, q, page }), getTranslations({ locale, namespace: 'adminOrders' })]);
  return (
    <>
      <SubHeader locale={locale} path={PATH} fallback={t('title')} />
      <div className="container">
        <p className={css.intro}>{t('intro')}</p>
        <OrderTable locale={locale} orders={orders} more={more} state={state} q={q} page={page} />
      </div>
    </>
  );
}
