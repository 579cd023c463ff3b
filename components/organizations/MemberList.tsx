/**
 * An organization's members (spec §2 /organizations/{id?}/members): people whose membership
 * is valid today, by last name: name, member number, membership type, club and last day of
 * validity. No email, phone, birth date or address. A search by name or member number and
 * page links (50 a page) that work without JavaScript: a GET form (`?q=`) and links
 * (`?page=`), each a new server render. On a phone the name column stays in place and the
 * others scroll inside the table. Plain HTML (issue 23): a server component, no MUI, no
 * client JavaScript, nothing fetched from the browser.
 */
import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/content/EmptyState';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import { formatDate } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { MEMBER_SEARCH_MAX, type MemberPage } from '@/lib/server/organizations';
import { membersHref } from './members-href';
import { namesIn } from './names';
import css from './organizations.module.css';
import { personName } from '@/lib/format/person-name';

export async function MemberList({ locale, path, members: list }: { locale: Locale; path: string; members: MemberPage }) {
  const [t, nameOf, common] = await Promise.all([getTranslations({ locale, namespace: 'directory.members' }), namesIn(locale), getTranslations({ locale, namespace: 'common' })]);
  const { members, q, page, lastPage, total } = list;
  return (
    <div>
      <form role="search" method="get" aria-label={t('searchForm')} className={css.search}>
        <div className={`${ui.field} ${css.searchField}`}>
          <label htmlFor="member-search" className={ui.label}>
            {t('searchLabel')}
          </label>
          <input id="member-search" name="q" type="search" defaultValue={q} maxLength={MEMBER_SEARCH_MAX} className={ui.input} />
        </div>
        <button type="submit" className={`${ui.button} ${ui.contained} ${css.searchButton}`}>
          {t('search')}
        </button>
        {q && (
          <Link href={path} className={`${ui.button} ${css.searchButton}`}>
            {t('clear')}
          </Link>
        )}
      </form>
      {total === 0 ? (
        <EmptyState>{q ? t('noMatch', { q }) : t('none')}</EmptyState>
      ) : (
        <>
          <p role="status" className={`${css.count} ${css.muted}`}>
            {t('count', { count: total })}
          </p>
          <div className={`${ui.tableScroll} ${css.tableScroll}`}>
            <table className={`${ui.table} ${css.table}`}>
              <thead>
                <tr>
                  <th scope="col" className={css.sticky}>
                    {t('name')}
                  </th>
                  <th scope="col">{t('number')}</th>
                  <th scope="col">{t('type')}</th>
                  <th scope="col">{t('club')}</th>
                  <th scope="col" className={css.nowrap}>
                    {t('validUntil')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {members.map((m) => (
                  <tr key={m.id}>
                    <th scope="row" className={`${css.sticky} ${css.rowHeader}`}>
                      {personName(m.firstName, m.lastName, common('formerMember'), 'last-first')}
                    </th>
                    <td className={css.nowrap}>{m.number}</td>
                    <td className={css.typeCell}>{nameOf({ name: m.membershipType, names: m.membershipTypeNames })}</td>
                    <td className={css.clubCell}>{m.club ? <Link href={`/promoters/${m.club.userId}`}>{m.club.name}</Link> : '—'}</td>
                    <td className={css.nowrap}>
                      <time dateTime={m.validUntil}>{formatDate(m.validUntil, locale)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {lastPage > 1 && (
            <nav aria-label={t('pages')} className={css.pages}>
              {page > 1 && (
                <Link href={membersHref(path, q, page - 1)} className={`${ui.button} ${ui.outlined} ${css.pageLink}`}>
                  ‹ {t('previous')}
                </Link>
              )}
              <p aria-current="page" className={css.pageLabel}>
                {t('page', { page, last: lastPage })}
              </p>
              {page < lastPage && (
                <Link href={membersHref(path, q, page + 1)} className={`${ui.button} ${ui.outlined} ${css.pageLink}`}>
                  {t('next')} ›
                </Link>
              )}
            </nav>
          )}
        </>
      )}
      <p className={`${css.body2} ${css.muted} ${css.privacy}`}>{t('privacy')}</p>
    </div>
  );
}
