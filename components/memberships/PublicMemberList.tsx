/**
 * The public member list (issue 26; spec §2 /membership/members; §9 search name maximum 50, page
 * size 50): filters in a plain GET form (organization, class, name or member number), the
 * members whose membership is valid today with exactly the public columns — name (a link to the
 * membership's page), club, class, member number, valid until — and page links that keep the
 * filters. On a phone the name column stays in place and the others scroll inside the table.
 * Plain HTML from the server, no client JavaScript.
 */
import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/content/EmptyState';
import { namesIn } from '@/components/organizations/names';
import org from '@/components/organizations/organizations.module.css';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import { formatDate } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import type { MemberFilterOrganization, PublicMemberPage } from '@/lib/server/memberships';
import { MEMBER_SEARCH_MAX } from '@/lib/server/organizations';
import css from './memberships.module.css';
import { membersListHref, membershipClassPath, membershipPath } from './paths';
import { personName } from '@/lib/format/person-name';

export async function PublicMemberList({
  locale,
  organizations,
  filters,
  members: list,
}: {
  locale: Locale;
  /** What the filters offer: the public organizations with their classes. */
  organizations: MemberFilterOrganization[];
  /** The filters as applied. */
  filters: { organization: number | null; class: number | null };
  members: PublicMemberPage;
}) {
  const [t, nameOf, common] = await Promise.all([getTranslations({ locale, namespace: 'memberships.members' }), namesIn(locale), getTranslations({ locale, namespace: 'common' })]);
  const { members, q, page, lastPage, total } = list;
  const filtered = Boolean(q || filters.organization || filters.class);
  const query = { organization: filters.organization, class: filters.class, q };
  return (
    <div>
      <form role="search" method="get" aria-label={t('filters')} className={css.filters}>
        <div className={`${ui.field} ${css.filter}`}>
          <label htmlFor="members-organization" className={ui.label}>
            {t('organization')}
          </label>
          <select id="members-organization" name="organization" defaultValue={filters.organization ?? ''} className={ui.select}>
            <option value="">{t('allOrganizations')}</option>
            {organizations.map((o) => (
              <option key={o.id} value={o.id}>
                {nameOf(o)}
              </option>
            ))}
          </select>
        </div>
        <div className={`${ui.field} ${css.filter}`}>
          <label htmlFor="members-class" className={ui.label}>
            {t('class')}
          </label>
          <select id="members-class" name="class" defaultValue={filters.class ?? ''} className={ui.select}>
            <option value="">{t('allClasses')}</option>
            {organizations
              .filter((o) => o.classes.length > 0)
              .map((o) => (
                <optgroup key={o.id} label={nameOf(o)}>
                  {o.classes.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </optgroup>
              ))}
          </select>
        </div>
        <div className={`${ui.field} ${css.filter}`}>
          <label htmlFor="members-search" className={ui.label}>
            {t('searchLabel')}
          </label>
          <input id="members-search" name="q" type="search" defaultValue={q} maxLength={MEMBER_SEARCH_MAX} className={ui.input} />
        </div>
        <div className={css.filterButtons}>
          <button type="submit" className={`${ui.button} ${ui.contained} ${org.searchButton}`}>
            {t('apply')}
          </button>
          {filtered && (
            <Link href={membersListHref()} className={`${ui.button} ${org.searchButton}`}>
              {t('clear')}
            </Link>
          )}
        </div>
      </form>
      {total === 0 ? (
        <EmptyState>{filtered ? t('noMatch') : t('none')}</EmptyState>
      ) : (
        <>
          <p role="status" className={`${org.count} ${org.muted}`}>
            {t('count', { count: total })}
          </p>
          <div className={`${ui.tableScroll} ${org.tableScroll}`}>
            <table className={`${ui.table} ${org.table}`} aria-label={t('tableLabel')}>
              <thead>
                <tr>
                  <th scope="col" className={org.sticky}>
                    {t('name')}
                  </th>
                  <th scope="col">{t('club')}</th>
                  <th scope="col">{t('class')}</th>
                  <th scope="col" className={org.nowrap}>
                    {t('number')}
                  </th>
                  <th scope="col" className={org.nowrap}>
                    {t('validUntil')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {members.map((m) => (
                  <tr key={m.id}>
                    <th scope="row" className={`${org.sticky} ${org.rowHeader}`}>
                      <Link href={membershipPath(m.id)}>
                        {personName(m.firstName, m.lastName, common('formerMember'), 'last-first')}
                      </Link>
                    </th>
                    <td className={org.clubCell}>{m.club ? <Link href={`/promoters/${m.club.userId}`}>{nameOf(m.club)}</Link> : '—'}</td>
                    <td className={css.classCell}>{m.class ? <Link href={membershipClassPath(m.class.id)}>{m.class.name}</Link> : '—'}</td>
                    <td className={org.nowrap}>{m.number}</td>
                    <td className={org.nowrap}>
                      <time dateTime={m.validUntil}>{formatDate(m.validUntil, locale)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {lastPage > 1 && (
            <nav aria-label={t('pages')} className={org.pages}>
              {page > 1 && (
                <Link href={membersListHref({ ...query, page: page - 1 })} className={`${ui.button} ${ui.outlined} ${org.pageLink}`}>
                  ‹ {t('previous')}
                </Link>
              )}
              <p aria-current="page" className={org.pageLabel}>
                {t('page', { page, last: lastPage })}
              </p>
              {page < lastPage && (
                <Link href={membersListHref({ ...query, page: page + 1 })} className={`${ui.button} ${ui.outlined} ${org.pageLink}`}>
                  {t('next')} ›
                </Link>
              )}
            </nav>
          )}
        </>
      )}
      <p className={`${org.body2} ${org.muted} ${org.privacy}`}>{t('privacy')}</p>
    </div>
  );
}
