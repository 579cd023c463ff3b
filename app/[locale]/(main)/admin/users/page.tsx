/**
 * /admin/users: the federation admin's list of logins and their roles (issue 22;
 * components/admin/LoginTable). Only a federation admin sees it: without a session the proxy
 * sends the visitor to the login, any other login gets the 404 page (`authorize('users.list')`).
 * Personal data: rendered per request, never indexed. Roles are granted with
 * `npm run users -- grant-promoter EMAIL PROMOTER_ID | grant-admin EMAIL`.
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { LoginTable } from '@/components/admin/LoginTable';
import css from '@/components/admin/admin.module.css';
import { SubHeader } from '@/components/layout/SubHeader';
import type { Locale } from '@/lib/config';
import { listLogins } from '@/lib/server/policy';
import { authorize } from '@/lib/server/policy/authorize';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ q?: string | string[]; page?: string | string[] }> };

const PATH = '/admin/users';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'admin.users' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

export default async function AdminUsersPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await authorize('users.list', null, PATH);
  const query = await searchParams;
  const q = first(query.q).trim().slice(0, 100);
  const page = Math.min(10_000, Math.max(1, Number.parseInt(first(query.page), 10) || 1));
  const [{ logins, total }, t] = await Promise.all([listLogins({ q, page }), getTranslations({ locale, namespace: 'admin.users' })]);
  return (
    <>
      <SubHeader locale={locale} path={PATH} fallback={t('title')} />
      <div className="container">
        <p className={css.intro}>{t('intro')}</p>
        <LoginTable locale={locale} logins={logins} total={total} q={q} page={page} />
      </div>
    </>
  );
}
