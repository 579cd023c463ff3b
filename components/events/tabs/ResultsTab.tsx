/**
 * The results tab (spec §2 Event page: results; §8 'No Results Available Yet'): every public
 * race with results, with its kind and entry count, linking to its results (/races/{id}), and
 * a link to every result of the event on one page (/eventScores/{id}). Plain HTML from the
 * server (issue 23: MUI's List and link buttons before).
 */
import { getTranslations } from 'next-intl/server';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import { Link } from '@/lib/i18n/navigation';
import { getAccordionRaces } from '@/lib/server/events';
import css from '../event-page.module.css';
import { raceLabel } from './race-label';

export async function ResultsTab({ locale, eventId }: { locale: Locale; eventId: number }) {
  const [all, t] = await Promise.all([getAccordionRaces(eventId), getTranslations({ locale, namespace: 'eventPage' })]);
  const races = all.filter((r) => r.resultCount > 0);
  if (!races.length)
    return (
      <p role="status" className={css.none}>
        {t('results.none')}
      </p>
    );
  return (
    <>
      <div className={css.allResults}>
        <Link href={`/eventScores/${eventId}`} className={`${ui.button} ${ui.outlined} ${ui.small}`}>
          {t('results.all')}
        </Link>
      </div>
      <div className={ui.outlinedPaper}>
        <ul className={css.resultList}>
          {races.map((race) => (
            <li key={race.id}>
              <Link href={`/races/${race.id}`} className={css.resultLink}>
                <span className={css.primary}>{raceLabel(race, all, (n, run) => t('runNumber', { name: n, number: run }))}</span>
                <span className={css.secondary}>
                  {t(`kinds.${race.kind}`)} · {t('entryCount', { count: race.entryCount })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
