/**
 * What a series is, above its table (spec §3 Series: name, start date, end date, race count,
 * drop scores, seriesType): the promoter (club) running it, the season, the rounds held so
 * far, and its rules in one plain line — the points table, per moto or per event, finals
 * only or every race, best N results or drop scores, the minimum of events to be classified,
 * team and club championships. Plain HTML (issue 23: MUI's Box and Typography before): a
 * description list whose terms and details line up in two columns.
 */
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { namesIn } from '@/components/organizations/names';
import type { Locale } from '@/lib/config';
import type { SeriesRules, SeriesType } from '@/lib/contracts/series';
import { formatEventDates } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import type { SeriesDetail } from '@/lib/server/series';
import css from './series.module.css';

/** How many places of the points table the rules line spells out before "…". */
const POINTS_SHOWN = 8;

/** The points table as riders quote it: "25-22-20-18-16-15-14-13…". */
export function pointsTableText(table: readonly number[]): string {
  return table.slice(0, POINTS_SHOWN).join('-') + (table.length > POINTS_SHOWN ? '…' : '');
}

/** The rules of a series in one line of the page's language. */
export async function rulesLine(locale: Locale, rules: SeriesRules, seriesType: SeriesType): Promise<string> {
  const t = await getTranslations({ locale, namespace: 'series.rules' });
  return [
    `${t('points', { table: pointsTableText(rules.pointsTable) })} ${rules.scoring === 'moto' ? t('perMoto') : t('perEvent')}`,
    seriesType === 'final' ? t('final') : t('overall'),
    rules.bestResults !== null ? t('best', { count: rules.bestResults }) : t('drops', { count: rules.dropScores }),
    ...(rules.minEvents > 0 ? [t('minEvents', { count: rules.minEvents })] : []),
    ...(rules.teams ? [t('teams')] : []),
  ].join(' · ');
}

export async function SeriesHeader({ locale, detail }: { locale: Locale; detail: SeriesDetail }) {
  const [t, nameOf] = await Promise.all([getTranslations({ locale, namespace: 'series' }), namesIn(locale)]);
  const held = detail.events.filter((e) => e.held).length;
  const rounds = detail.events.length;
  const items: [string, ReactNode][] = [
    [t('promoter'), <Link key="promoter" href={`/promoters/${detail.promoter.userId}`}>{nameOf(detail.promoter)}</Link>],
    [t('season'), formatEventDates(detail.startDate, detail.endDate, locale)],
    [t('roundsLabel'), rounds ? `${t('rounds', { count: rounds })} · ${t('held', { held, count: rounds })}` : t('rounds', { count: 0 })],
    [t('rules.label'), await rulesLine(locale, detail.rules, detail.seriesType)],
  ];
  return (
    <dl data-testid="series-header" className={css.facts}>
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
