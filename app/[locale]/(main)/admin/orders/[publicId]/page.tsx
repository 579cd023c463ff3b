/**
 * /admin/orders/{publicId}: one order for the federation office (issue 26 "staff mark it paid";
 * "refunds by federation staff with a reason, through the provider, recorded"; spec §3
 * Transaction): the order in full (components/admin-orders/OrderDetail) and its actions, "Mark
 * paid" while it is reserved with money due and "Refund" while something is left to refund (an
 * island calling /ll/api/v1/admin/orders/{publicId}/…). Federation admins only (`orders.refund`):
 * without a session the proxy sends the visitor to the login, any other login gets the 404 page,
 * as does an unknown order or an id that is not a uuid. Per request, never indexed.
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import css from '@/components/admin-orders/admin-orders.module.css';
import { isOrderId } from '@/components/admin-orders/format';
import { OrderActionsIsland } from '@/components/admin-orders/islands';
import { OrderDetail } from '@/components/admin-orders/OrderDetail';
import ui from '@/components/ui/ui.module.css';
import { withClientMessages } from '@/components/layout/client-messages';
import { SubHeader } from '@/components/layout/SubHeader';
import type { Locale } from '@/lib/config';
import { Link } from '@/lib/i18n/navigation';
import { getOfficeOrder } from '@/lib/server/checkout/get-office-order';
import { authorize } from '@/lib/server/policy/authorize';

type Props = { params: Promise<{ locale: Locale; publicId: string }> };

/** The short form of an order's number shown in titles (its uuid's first 8 characters). */
const shortId = (publicId: string) => publicId.slice(0, 8).toUpperCase();

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, publicId } = await params;
  const t = await getTranslations({ locale, namespace: 'adminOrders' });
  return { title: isOrderId(publicId) ? t('detail.title', { number: shortId(publicId) }) : t('title'), robots: { index: false, follow: false } };
}

export default async function AdminOrderPage({ params }: Props) {
  const { locale, publicId } = await params;
  setRequestLocale(locale);
  const path = `/admin/orders/${publicId}`;
  await authorize('orders.refund', { promoterId: null }, isOrderId(publicId) ? path : '/admin/orders');
  if (!isOrderId(publicId)) notFound();
  const [view, t] = await Promise.all([getOfficeOrder(publicId), getTranslations({ locale, namespace: 'adminOrders' })]);
  if (!view) notFound();
  const { summary } = view;
  return (
    <>
      <SubHeader locale={locale} path={path} fallback={t('detail.title', { number: shortId(view.order.publicId) })} />
      <div className="container">
        <p className={css.back}>
          <Link href="/admin/orders">{t('detail.back')}</Link>
        </p>
        <OrderDetail
          locale={locale}
          view={view}
          actions={
            <section className={`${css.actions} ${ui.outlinedPaper}`} aria-labelledby="order-actions">
              <h2 id="order-actions" className={css.sectionTitle}>
                {t('actions.title')}
              </h2>
              {await withClientMessages(
                ['adminOrders.actions', 'errors'],
                <OrderActionsIsland
                  publicId={view.order.publicId}
                  dueCents={summary.dueCents}
                  canMarkPaid={summary.state === 'reserved' && summary.dueCents > 0}
                  refundableCents={summary.refundableCents}
                />,
              )}
            </section>
          }
        />
      </div>
    </>
  );
}
