/**
 * /desk/licences (issue 29: "A licence or member number counts for matching only when the
 * federation issued it or an official confirmed it"): the racer records with a licence typed in a
 * profile, those not confirmed first, filtered by name or number (`?q=`, a plain GET form), each
 * with its number, "Confirm" (near the name, so it stays in view on a phone) and its hometown.
 * "Confirm" is pressed once the official has seen the rider's card: from then on the number joins
 * the rider's records (series standings, the rider page, claims). Officials and
 * federation admins (policy `licences.confirm`); anyone else 404 (a login first). Personal:
 * rendered per request; not indexed.
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import ConfirmLicenceButton from '@/components/desk/ConfirmLicenceButton';
import css from '@/components/desk/desk.module.css';
import { SubHeader } from '@/components/layout/SubHeader';
import { checkoutErrorTexts } from '@/components/membership-buy/error-texts';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import { firstParam } from '@/lib/contracts/search-params';
import { formatDate } from '@/lib/format';
import { licencesToConfirm } from '@/lib/server/licences';
import { authorize } from '@/lib/server/policy/authorize';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const PATH = '/desk/licences';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'desk.licences' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

export default async function LicencesPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const viewer = await authorize('licences.confirm', null, PATH);
  const q = (firstParam((await searchParams).q) ?? '').trim().slice(0, 60);
  const [rows, t, errors] = await Promise.all([licencesToConfirm(viewer, { q }), getTranslations({ locale, namespace: 'desk.licences' }), checkoutErrorTexts(locale, ['licence_changed', 'not_found', 'unauthenticated'])]);
  const waiting = rows.filter((r) => r.confirmedAt === null).length;
  return (
    <>
      <SubHeader locale={locale} path={PATH} fallback={t('title')} title={t('title')} />
      <div className="container">
        <p className={css.intro}>{t('intro')}</p>
        <form method="get" className={css.actions} role="search">
          <label htmlFor="licence-q">{t('search')}</label>
          <input id="licence-q" name="q" type="search" className={ui.input} defaultValue={q} maxLength={60} autoComplete="off" />
          <button type="submit" className={`${ui.button} ${ui.outlined}`}>
            {t('find')}
          </button>
        </form>
        <p role="status">{rows.length === 0 ? t('none') : t('count', { waiting, count: rows.length })}</p>
        {rows.length ? (
          <div className={ui.tableScroll} role="region" aria-label={t('title')} tabIndex={0}>
            <table className={ui.table} data-testid="licences">
              <caption className="visually-hidden">{t('title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('columns.rider')}</th>
                  <th scope="col">{t('columns.licence')}</th>
                  <th scope="col">{t('columns.status')}</th>
                  <th scope="col">{t('columns.hometown')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => {
                  const name = `${r.firstName} ${r.lastName}`;
                  return (
                    <tr key={r.participantId}>
                      <th scope="row">{name}</th>
                      <td>
                        <code>{r.licence}</code>
                      </td>
                      <td>
                        {r.confirmedAt ? (
                          t('confirmed', { date: formatDate(r.confirmedAt.slice(0, 10), locale) })
                        ) : (
                          <ConfirmLicenceButton
                            participantId={r.participantId}
                            licence={r.licence}
                            label={t('confirm')}
                            accessibleLabel={t('confirmFor', { name, licence: r.licence })}
                            busyLabel={t('confirming')}
                            errors={errors}
                            fallback={t('failed')}
                          />
                        )}
                      </td>
                      <td>{[r.city, r.state].filter(Boolean).join(', ') || '—'}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ) : null}
      </div>
    </>
  );
}
