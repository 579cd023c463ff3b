/**
 * /admin/memberships: the federation admin's membership types (issue 26 "Types and classes per
 * organization (name, price, validity season or one event, age limits, family type, description
 * per language), edited by a federation admin"; spec §2 /membership/type): one section per
 * organization with its types and an editor (components/membership-admin), and a link to its
 * classes on the desk. Federation admins only (`memberships.edit`): without a session the proxy
 * sends the visitor to the login, any other login gets the 404 page. Per request, never indexed.
 */
import { namesIn } from '@/components/organizations/names';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { withClientMessages } from '@/components/layout/client-messages';
import { SubHeader } from '@/components/layout/SubHeader';
import { MembershipTypeEditorIsland } from '@/components/membership-admin/islands';
import css from '@/components/membership-admin/membership-admin.module.css';
import type { Locale } from '@/lib/config';
import { Link } from '@/lib/i18n/navigation';
import { listAdminMembershipTypes } from '@/lib/server/membership-admin';
import { authorize } from '@/lib/server/policy/authorize';

type Props = { params: Promise<{ locale: Locale }> };

const PATH = '/admin/memberships';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'membershipAdmin.types' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

export default async function AdminMembershipsPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const viewer = await authorize('memberships.edit', null, PATH);
  const [organizations, t, nameOf] = await Promise.all([listAdminMembershipTypes(viewer), getTranslations({ locale, namespace: 'membershipAdmin.types' }), namesIn(locale)]);
  return (
    <>
      <SubHeader locale={locale} path={PATH} fallback={t('title')} />
      <div className="container">
        <p className={css.intro}>{t('intro')}</p>
        <p className={css.links}>
          <Link href="/admin/promo-codes">{t('promoCodes')}</Link>
        </p>
        {organizations.length === 0
          ? <p role="status">{t('noOrganization')}</p>
          : await withClientMessages(
              ['membershipAdmin'],
              organizations.map((o) => (
                <MembershipTypeEditorIsland key={`${o.id}:${o.types.map((r) => `${r.id}.${r.name}.${r.priceCents}.${r.sortOrder}`).join('|')}`} organization={{ id: o.id, name: nameOf(o) }} types={o.types} />
              )),
            )}
      </div>
    </>
  );
}
