'use client';
/**
 * The races of an event on the desk (issue 24; spec §6 Race display): a row per race with its
 * name, whether visitors may see it, whether its results are provisional or official and the
 * columns its results table shows (newly ticked ones at the end), each saved on its own (`useSaveDeskRace`), the result
 * under the row (saved, or the refusal in the page's language). A link opens the race's public
 * page. Plain checks (no zod in the browser): a blank name is refused before the call, the server
 * checks again with the contract.
 */
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import ui from '@/components/ui/ui.module.css';
import { useSaveDeskRace } from '@/lib/api/desk';
import { RESULT_COLUMNS, RESULTS_STATUSES, type ResultColumn, type ResultsStatus } from '@/lib/contracts/results';
import { Link, useRouter } from '@/lib/i18n/navigation';
import css from './desk.module.css';

export interface RaceRowsProps {
  races: { id: number; name: string; kind: 'sprint' | 'enduro'; classes: string[]; isPublic: boolean; resultsStatus: ResultsStatus; columns: ResultColumn[]; results: number }[];
  /** Each results column's name in the page's language. */
  columnLabels: Record<ResultColumn, string>;
}

function RaceRow({ race, columnLabels }: { race: RaceRowsProps['races'][number]; columnLabels: RaceRowsProps['columnLabels'] }) {
  const t = useTranslations('desk');
  const id = useId();
  const router = useRouter();
  const mutation = useSaveDeskRace();
  const [name, setName] = useState(race.name);
  const [isPublic, setPublic] = useState(race.isPublic);
  const [resultsStatus, setResultsStatus] = useState<ResultsStatus>(race.resultsStatus);
  const [columns, setColumns] = useState<ResultColumn[]>(race.columns);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setProblem('null_name');
    if (!columns.length) return setProblem('invalid_columns');
    setProblem(null);
    mutation.mutate(
      { id: race.id, race: { name: name.trim(), isPublic, resultsStatus, columns } },
      {
        onSuccess: () => router.refresh(),
        onError: (err) => setProblem(err.issues[0]?.code ?? (err.apiCode && t.has(`errors.${err.apiCode}`) ? err.apiCode : err.code)),
      },
    );
  };
  const message = problem ? (t.has(`errors.${problem}`) ? t(`errors.${problem}`) : t('errors.request_error')) : null;

  return (
    <li className={css.raceRow}>
      <form noValidate aria-label={race.name} onSubmit={submit} className={css.raceForm}>
        <label htmlFor={`${id}-name`} className="visually-hidden">
          {t('races.name')}
        </label>
        <input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} className={ui.input} maxLength={120} aria-invalid={problem ? true : undefined} aria-describedby={`${id}-status`} />
        <label className={ui.choice}>
          <input type="checkbox" checked={isPublic} onChange={(e) => setPublic(e.target.checked)} />
          {t('races.public')}
        </label>
        <label className={css.statusChoice}>
          <span className="visually-hidden">{t('races.status')}</span>
          <select className={ui.input} value={resultsStatus} onChange={(e) => setResultsStatus(e.target.value as ResultsStatus)}>
            {RESULTS_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`races.statuses.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={mutation.isPending} className={`${ui.button} ${ui.outlined}`}>
          {mutation.isPending ? t('saving') : t('save')}
        </button>
        <Link href={`/races/${race.id}`}>{t('races.results', { count: race.results })}</Link>
        <p className={`${css.muted} ${css.raceFacts}`}>{t('races.facts', { kind: race.kind, classes: race.classes.join(', ') || '–' })}</p>
        <details className={css.columnChoice}>
          <summary>{t('races.columns', { count: columns.length })}</summary>
          <div className={css.checkList}>
            {RESULT_COLUMNS.map((c) => (
              <label key={c} className={ui.choice}>
                <input
                  type="checkbox"
                  checked={columns.includes(c)}
                  onChange={(e) => setColumns((list) => (e.target.checked ? [...list, c] : list.filter((x) => x !== c)))}
                />
                {columnLabels[c]}
              </label>
            ))}
          </div>
        </details>
      </form>
      <p id={`${id}-status`} role="status" className={problem ? css.rowError : css.rowStatus}>
        {message ?? (mutation.isSuccess ? t('races.saved') : '')}
      </p>
    </li>
  );
}

/** The races (see the file's docstring). */
export function RaceRows({ races, columnLabels }: RaceRowsProps) {
  const t = useTranslations('desk');
  if (!races.length) return <p>{t('races.none')}</p>;
  return (
    <ul className={css.races} data-testid="desk-races">
      {races.map((race) => (
        <RaceRow key={race.id} race={race} columnLabels={columnLabels} />
      ))}
    </ul>
  );
}
