/**
 * /admin/promo-codes: the federation admin's promo codes (issue 26 "promo codes (percent or
 * amount, dates, usage limits, what they apply to)"; spec §3 Transaction: promo code): every code
 * with its uses so far, and an editor (components/membership-admin/PromoCodeEditor). Federation
 * admins only (`memberships.edit`): without a session the proxy sends the visitor to the login,
 * any other login gets the 404 page. Per request, never indexed.
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { withClientMessages } from '@/components/layout/client-messages';
import { SubHeader } from '@/components/layout/SubHeader';
import { PromoCodeEditorIsland } from '@/components/membership-admin/islands';
import css from '@/components/membership-admin/membership-admin.module.css';
import type { Locale } from '@/lib/config';
import { Link } from '@/lib/i18n/navigation';
import { listPromoCodes, promoCodeChoices } from '@/lib/server/membership-admin';
import { authorize } from '@/lib/server/policy/authorize';

type Props = { params: Promise<{ locale: Locale }> };

const PATH = '/admin/promo-codes';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'membershipAdmin.promo' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

export default async function AdminPromoCodesPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const viewer = await authorize('memberships.edit', null, PATH);
  const [codes, choices, t] = await Promise.all([listPromoCodes(viewer), promoCodeChoices(viewer), getTranslations({ locale, namespace: 'membershipAdmin.promo' })]);
  return (
    <>
      <SubHeader locale={locale} path={PATH} fallback={t('title')} />
      <div className="container">
        <p className={css.intro}>{t('intro')}</p>
        <p className={css.links}>
          <Link href="/admin/memberships">{t('membershipTypes')}</Link>
        </p>
        {await withClientMessages(
          ['membershipAdmin'],
          <PromoCodeEditorIsland key={codes.map((c) => `${c.id}.${c.code}.${c.value}.${c.validTo}.${c.maxUses}.${c.usesSoFar}`).join('|')} codes={codes} organizations={choices.organizations} events={choices.events} />,
        )}
      </div>
    </>
  );
}
