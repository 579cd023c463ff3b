/**
 * The races tab (spec §2 Event page: races; §7 accordionRaces, accordionClasses): the public
 * races in running order as an accordion of native <details> (opens and closes without
 * JavaScript, by keyboard too), each with its classes and their entry counts, a link to the
 * class's results (`/scores/{raceId}?class=…`) once the race has results, and a link to the
 * race's results. Plain HTML from the server (issue 23).
 */
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/config';
import { Link } from '@/lib/i18n/navigation';
import { getAccordionRaces } from '@/lib/server/events';
import css from '../event-page.module.css';
import { raceLabel } from './race-label';

export async function RacesTab({ locale, eventId }: { locale: Locale; eventId: number }) {
  const [races, t] = await Promise.all([getAccordionRaces(eventId), getTranslations({ locale, namespace: 'eventPage' })]);
  if (!races.length)
    return (
      <p role="status" className={css.none}>
        {t('races.none')}
      </p>
    );
  return (
    <div className={css.races}>
      {races.map((race, i) => {
        const name = raceLabel(race, races, (n, run) => t('runNumber', { name: n, number: run }));
        return (
          <details key={race.id} open={i === 0}>
            <summary>
              <span className={css.raceLine}>
                <span className={css.raceName}>{name}</span>
                <span className={css.raceMeta}>
                  {t(`kinds.${race.kind}`)} · {t('entryCount', { count: race.entryCount })}
                  {race.startTime && <> · {t('races.startTime', { time: race.startTime })}</>}
                </span>
              </span>
            </summary>
            <div className={css.raceBody}>
              {race.classes.length === 0 ? (
                <p className={`${css.none} ${css.small}`}>{t('races.noClasses')}</p>
              ) : (
                <ul aria-label={t('races.classesOf', { race: name })} className={css.classes}>
                  {race.classes.map((c) => (
                    <li key={c.classId ?? 'none'}>
                      <span className={css.className}>
                        {c.name === null ? (
                          t('races.noClass')
                        ) : c.resultsPath && race.resultCount > 0 ? (
                          <Link href={c.resultsPath}>
                            {c.name}
                            <span className="visually-hidden"> {t('races.classResultsHint')}</span>
                          </Link>
                        ) : (
                          c.name
                        )}
                        {c.group && (
                          <span className={css.group}>
                            {' '}
                            · {c.group}
                          </span>
                        )}
                      </span>
                      <span className={css.count}>{t('entryCount', { count: c.entryCount })}</span>
                    </li>
                  ))}
                </ul>
              )}
              <p className={css.raceLink}>
                {race.resultCount > 0 ? <Link href={`/races/${race.id}`}>{t('races.openResults', { race: name })} →</Link> : t('races.noResultsYet')}
              </p>
            </div>
          </details>
        );
      })}
    </div>
  );
}
