/**
 * The laps tab of a racer (spec §2 /liveonlivelaps laps (2)): the race running now, else their
 * last race (linking to its results), the result there, and every lap from the passings —
 * lap, lap time, total time, position after the lap — the best lap marked in words and in
 * bold. A sentence when no lap times were recorded, or, when the result has a lap count or best
 * lap but no passings, one saying so (lib/contracts/lap-times.ts). While the race runs the tab refreshes by
 * itself when the racer completes a lap (LiveRefresh, on the race's live stream). Plain HTML
 * (./trackside.module.css).
 */
import { getTranslations } from 'next-intl/server';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import { lapTimesNote } from '@/lib/contracts/lap-times';
import type { RacerLaps as RacerLapsData } from '@/lib/contracts/trackside';
import { formatDate, formatRaceTime } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { LiveRefresh } from './LiveRefresh';
import { placeText } from './RacerResults';
import css from './trackside.module.css';

export async function RacerLaps({ locale, laps }: { locale: Locale; laps: RacerLapsData }) {
  const [t, ts, tr] = await Promise.all([
    getTranslations({ locale, namespace: 'trackside' }),
    getTranslations({ locale, namespace: 'states' }),
    getTranslations({ locale, namespace: 'race' }),
  ]);
  const race = laps.race;
  if (!race) {
    return (
      <p role="status" className={css.text}>
        {t('laps.noRace')}
      </p>
    );
  }
  const dash = t('detail.none');
  const best = laps.laps.find((l) => l.best);
  // No passings but a lap count or best lap on the result: say what is missing, not "nothing recorded".
  const note = lapTimesNote(laps.laps.length, race.laps, race.bestLapMs);
  const summary: [string, string][] = [
    [t('races.position'), race.state === null ? dash : placeText(race.position, race.state, (k) => ts(k as 'DNF'), dash)],
    [t('races.classPosition'), race.state === null ? dash : placeText(race.classPosition, race.state, (k) => ts(k as 'DNF'), dash)],
    [t('races.laps'), race.laps === null ? dash : String(race.laps)],
    [t('races.bestLap'), formatRaceTime(race.bestLapMs ?? best?.lapTimeMs) || dash],
  ];
  return (
    <section aria-labelledby="racer-laps-title">
      {race.live && <LiveRefresh raceId={race.raceId} entryId={laps.entryId} laps={race.laps ?? laps.laps.length} />}
      <p className={css.kicker}>
        {race.live ? t('laps.liveRace') : t('laps.lastRace')}
        {race.live && <span className={css.liveChip}>{t('races.live')}</span>}
      </p>
      <h3 id="racer-laps-title" className={`${ui.h6} ${css.lapsTitle}`}>
        {race.raceName}
      </h3>
      <p className={css.raceLine}>
        {race.eventName} · {formatDate(race.startDate, locale)} · <Link href={`/races/${race.raceId}`}>{t('laps.results')}</Link>
      </p>
      <dl className={css.summary}>
        {summary.map(([label, text]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
      {note.kind !== 'passings' ? (
        <p role="status" className={css.text}>
          {note.kind === 'reported' ? tr(`lapsNotRecorded.${note.message}`, { laps: note.laps ?? 0, best: formatRaceTime(note.bestLapMs) }) : t('laps.none')}
        </p>
      ) : (
        <>
          {race.live && <p className={css.refreshing}>{t('laps.refreshing')}</p>}
          <table aria-labelledby="racer-laps-title" data-testid="racer-laps" className={`${ui.table} ${css.table} ${css.lapTable}`}>
            <thead>
              <tr>
                <th scope="col">{t('laps.lap')}</th>
                <th scope="col" className={ui.num}>
                  {t('laps.lapTime')}
                </th>
                <th scope="col" className={ui.num}>
                  {t('laps.total')}
                </th>
                <th scope="col" className={ui.num}>
                  {t('races.position')}
                </th>
              </tr>
            </thead>
            <tbody>
              {laps.laps.map((lap) => (
                <tr key={lap.lap} data-best={lap.best || undefined} className={lap.best ? css.best : undefined}>
                  <td>{lap.lap}</td>
                  <td className={ui.num}>
                    {formatRaceTime(lap.lapTimeMs) || dash}
                    {lap.best && <span className={css.bestMark}>{t('laps.best')}</span>}
                  </td>
                  <td className={ui.num}>{formatRaceTime(lap.totalTimeMs) || dash}</td>
                  <td className={ui.num}>{lap.position ?? dash}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
