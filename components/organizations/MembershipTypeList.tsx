/**
 * An organization's membership types (spec §2 /organizations/{id?}/membership-type): the same
 * cards as /membership/type (components/memberships/MembershipTypeCards: name, price in Canadian
 * dollars formatted for the language, validity, age limits, family type, description in the
 * page's language, a "Buy" link and the type's page; issues 25 and 26), or a sentence when it
 * sells none. Plain HTML (issue 23): a server component, no MUI, no client JavaScript.
 */
import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/content/EmptyState';
import { MembershipTypeCards } from '@/components/memberships/MembershipTypeCards';
import type { Locale } from '@/lib/config';
import type { MembershipTypeRow } from '@/lib/server/organizations';

export async function MembershipTypeList({ locale, types }: { locale: Locale; types: MembershipTypeRow[] }) {
  if (!types.length) {
    const t = await getTranslations({ locale, namespace: 'directory.membershipTypes' });
    return <EmptyState>{t('none')}</EmptyState>;
  }
  return <MembershipTypeCards locale={locale} types={types} level={2} />;
}
