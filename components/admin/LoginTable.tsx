/**
 * The federation admin's list of logins (issue 22, /admin/users): email, name, account type,
 * verified email, the promoters a login acts for (promoter staff) and its creation date. A
 * search by email or name and page links that work without JavaScript (`?q=`, `?page=`). On a
 * phone the email column stays in place and the others scroll inside the table. Server
 * component, plain HTML (issue 23): plain rows from lib/server/policy `listLogins`.
 */
import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/content/EmptyState';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import { formatDateTime } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { LOGINS_PAGE, type LoginRow } from '@/lib/server/policy';
import css from './admin.module.css';

/** `/admin/users` with the search and page (page 1 and an empty search left out). */
function usersHref(q: string, page: number): string {
  const query = new URLSearchParams();
  if (q) query.set('q', q);
  if (page > 1) query.set('page', String(page));
  const s = query.toString();
  return s ? `/admin/users?${s}` : '/admin/users';
}

export async function LoginTable({ locale, logins, total, q, page }: { locale: Locale; logins: LoginRow[]; total: number; q: string; page: number }) {
  const t = await getTranslations({ locale, namespace: 'admin.users' });
  const last = Math.max(1, Math.ceil(total / LOGINS_PAGE));
  return (
    <div>
      <form role="search" method="get" aria-label={t('search')} className={css.search}>
        <div className={`${ui.field} ${css.searchField}`}>
          <label htmlFor="admin-users-q" className={ui.label}>
            {t('searchLabel')}
          </label>
          <input id="admin-users-q" name="q" type="search" defaultValue={q} maxLength={100} className={ui.input} />
        </div>
        <button type="submit" className={`${ui.button} ${ui.contained}`}>
          {t('search')}
        </button>
        {q && (
          <Link href="/admin/users" className={ui.button}>
            {t('clear')}
          </Link>
        )}
      </form>
      {total === 0 ? (
        <EmptyState>{t('none')}</EmptyState>
      ) : (
        <>
          <p role="status" className={css.count}>
            {t('count', { count: total })}
          </p>
          <div className={ui.tableScroll}>
            <table className={`${ui.table} ${css.table}`}>
              <thead>
                <tr>
                  <th scope="col" className={css.sticky}>
                    {t('email')}
                  </th>
                  <th scope="col">{t('name')}</th>
                  <th scope="col">{t('role')}</th>
                  <th scope="col">{t('verified')}</th>
                  <th scope="col">{t('promoters')}</th>
                  <th scope="col" className={css.nowrap}>
                    {t('created')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {logins.map((login) => (
                  <tr key={login.id}>
                    <th scope="row" className={css.sticky}>
                      {login.email}
                    </th>
                    <td>{login.name}</td>
                    <td>{t(`roles.${login.role}`)}</td>
                    <td>{login.emailVerified ? t('yes') : t('no')}</td>
                    <td>
                      {login.promoters.map((p, i) => (
                        <span key={p.id}>
                          {i > 0 && ', '}
                          <Link href={`/results/${p.userId}`}>{p.name}</Link>
                        </span>
                      ))}
                    </td>
                    <td className={css.nowrap}>{formatDateTime(new Date(login.createdAt), locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {last > 1 && (
            <nav aria-label={t('pageOf', { page, last })} className={css.pages}>
              {page > 1 && (
                <Link href={usersHref(q, page - 1)} className={`${ui.button} ${ui.outlined}`}>
                  {t('previous')}
                </Link>
              )}
              <p className={css.pageOf}>{t('pageOf', { page, last })}</p>
              {page < last && (
                <Link href={usersHref(q, page + 1)} className={`${ui.button} ${ui.outlined}`}>
                  {t('next')}
                </Link>
              )}
            </nav>
          )}
        </>
      )}
    </div>
  );
}
