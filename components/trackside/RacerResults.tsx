/**
 * The results tab of a racer (spec §2 /liveonlivelaps results (1); §3 Racer detail): the
 * detail — class, class rank, class points, overall rank, overall points, brand, location,
 * points earned, with the series standing they come from — then their races, newest first:
 * event, race (linking to /races/{id}), date, position and class position (laps and best lap
 * from a tablet up). Phone first: the race and the positions stay on a 390 px screen.
 * `seriesFailed`: a series' standings could not be computed ('Failed to load series results'
 * above the figures, which then come from the other series or stay empty). Plain HTML
 * (./trackside.module.css).
 */
import { getTranslations } from 'next-intl/server';
import { Alert } from '@/components/ui/Alert';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import type { RacerDetail, RacerRace } from '@/lib/contracts/trackside';
import { formatDate, formatRaceTime } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import css from './trackside.module.css';

/** A position, or the result's state when unplaced (DNF, DNS, DSQ), or a dash. */
export function placeText(position: number | null, state: RacerRace['state'], states: (key: string) => string, dash: string): string {
  if (position !== null) return String(position);
  if (state && state !== 'finished' && state !== 'running') return states(state);
  return dash;
}

export async function RacerResults({ locale, racer, races, seriesFailed = false }: { locale: Locale; racer: RacerDetail; races: RacerRace[]; seriesFailed?: boolean }) {
  const [t, ts] = await Promise.all([getTranslations({ locale, namespace: 'trackside' }), getTranslations({ locale, namespace: 'states' })]);
  const dash = t('detail.none');
  const value = (v: number | string | null) => (v === null || v === '' ? dash : String(v));
  const facts: [string, string][] = [
    [t('detail.class'), value(racer.className)],
    [t('detail.classRank'), value(racer.classRank)],
    [t('detail.classPoints'), value(racer.classPoints)],
    [t('detail.overallRank'), value(racer.overallRank)],
    [t('detail.overallPoints'), value(racer.overallPoints)],
    [t('detail.brand'), value(racer.brand)],
    [t('detail.location'), value(racer.location)],
    [t('detail.pointsEarned'), value(racer.pointsEarned)],
  ];
  /** A cell shown from a tablet up only, right-aligned. */
  const wide = `${ui.num} ${css.wide}`;
  return (
    <>
      <section aria-labelledby="racer-detail-title" className={css.detailPart}>
        <h3 id="racer-detail-title" className={`${ui.h6} ${css.partTitle}`}>
          {t('detail.heading')}
        </h3>
        {seriesFailed && (
          <Alert severity="error" className={css.partError} data-testid="racer-series-failed">
            {t('errors.loadSeriesResults')}
          </Alert>
        )}
        <dl data-testid="racer-detail" className={css.detail}>
          {facts.map(([label, text]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{text}</dd>
            </div>
          ))}
        </dl>
        <p className={css.source}>
          {racer.series && racer.lastEvent
            ? t.rich('detail.source', {
                series: racer.series.name,
                event: racer.lastEvent.name,
                link: (chunks) => <Link href={`/series/${racer.series!.id}`}>{chunks}</Link>,
              })
            : t('detail.noSeries')}
        </p>
      </section>

      <section aria-labelledby="racer-races-title">
        <h3 id="racer-races-title" className={`${ui.h6} ${css.partTitle}`}>
          {t('races.heading')} <span className={css.raceCount}>({t('races.count', { count: races.length })})</span>
        </h3>
        <table aria-labelledby="racer-races-title" data-testid="racer-races" className={`${ui.table} ${css.table}`}>
          <thead>
            <tr>
              <th scope="col">{t('races.race')}</th>
              <th scope="col" className={ui.num}>
                {t('races.position')}
              </th>
              <th scope="col" className={ui.num}>
                {t('races.classPosition')}
              </th>
              <th scope="col" className={wide}>
                {t('races.laps')}
              </th>
              <th scope="col" className={wide}>
                {t('races.bestLap')}
              </th>
            </tr>
          </thead>
          <tbody>
            {races.map((race) => (
              <tr key={`${race.raceId}-${race.raceNumber}`} data-race={race.raceId}>
                <td className={css.name}>
                  <Link href={`/races/${race.raceId}`}>{race.raceName}</Link>
                  {race.live && <span className={css.liveChip}>{t('races.live')}</span>}
                  <span className={css.sub}>
                    {race.eventName} · {formatDate(race.startDate, locale)}
                    {race.className ? ` · ${race.className}` : ''}
                    {race.state === null ? ` · ${t('races.notRun')}` : ''}
                  </span>
                </td>
                <td className={`${ui.num} ${css.place}`}>{placeText(race.position, race.state, (k) => ts(k as 'DNF'), dash)}</td>
                <td className={ui.num}>{placeText(race.classPosition, race.state, (k) => ts(k as 'DNF'), dash)}</td>
                <td className={wide}>{race.laps ?? ''}</td>
                <td className={wide}>{formatRaceTime(race.bestLapMs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
