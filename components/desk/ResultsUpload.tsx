'use client';
/**
 * Results upload on the desk (issue 24): the promoter chooses a results file (an RMonitor
 * capture, an ECEA report, AMA JSON, or a spreadsheet of other timing software); the site reads
 * it and shows what it would import (each race, its entries, its first rows) before anything is
 * written, or the refusal with its line and field; then imports it (all or nothing), offering to
 * replace an earlier import of the same file. The event's races and pages follow at once.
 */
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import ui from '@/components/ui/ui.module.css';
import { importDeskResults, previewDeskResults, readResultsFile, type DeskResultsFile, type DeskResultsPreview, type DeskSaveError } from '@/lib/api/desk';
import { useRouter } from '@/lib/i18n/navigation';
import css from './desk.module.css';

type Step =
  | { kind: 'idle' }
  | { kind: 'reading' }
  | { kind: 'preview'; file: DeskResultsFile; preview: DeskResultsPreview }
  | { kind: 'importing'; file: DeskResultsFile; preview: DeskResultsPreview }
  | { kind: 'done'; entries: number; races: number; replaced: boolean }
  | { kind: 'failed'; error: DeskSaveError; file: DeskResultsFile | null; preview: DeskResultsPreview | null };

export function ResultsUpload({ eventId }: { eventId: number }) {
  const t = useTranslations('desk.upload');
  const tErrors = useTranslations('desk.errors');
  const id = useId();
  const router = useRouter();
  const [step, setStep] = useState<Step>({ kind: 'idle' });

  const choose = async (input: HTMLInputElement) => {
    const chosen = input.files?.[0];
    if (!chosen) return;
    setStep({ kind: 'reading' });
    let file: DeskResultsFile | null = null;
    try {
      file = await readResultsFile(chosen);
      setStep({ kind: 'preview', file, preview: await previewDeskResults(eventId, file) });
    } catch (err) {
      setStep({ kind: 'failed', error: err as DeskSaveError, file, preview: null });
    }
  };

  const importNow = async (file: DeskResultsFile, preview: DeskResultsPreview, replace: boolean) => {
    setStep({ kind: 'importing', file, preview });
    try {
      const done = await importDeskResults(eventId, file, replace);
      setStep({ kind: 'done', entries: done.entries, races: done.raceIds.length, replaced: done.replaced });
      router.refresh();
    } catch (err) {
      setStep({ kind: 'failed', error: err as DeskSaveError, file, preview });
    }
  };

  const failure = step.kind === 'failed' ? step.error : null;
  const failureText = failure
    ? failure.apiCode === 'invalid_results_file'
      ? t('refused', { detail: failure.message })
      : failure.apiCode === 'already_imported'
        ? t('already')
        : tErrors.has(failure.apiCode ?? failure.code)
          ? tErrors((failure.apiCode ?? failure.code) as 'request_error')
          : tErrors('request_error')
    : null;
  const shown: { file: DeskResultsFile; preview: DeskResultsPreview } | null =
    step.kind === 'preview' || step.kind === 'importing' ? step : step.kind === 'failed' && step.preview && step.file ? { file: step.file, preview: step.preview } : null;

  return (
    <div className={css.upload}>
      <p className={css.intro}>{t('intro')}</p>
      <label htmlFor={`${id}-file`} className={css.uploadLabel}>
        {t('file')}
      </label>
      <input
        id={`${id}-file`}
        type="file"
        accept=".txt,.csv,.json,text/plain,text/csv,application/json"
        className={ui.input}
        aria-describedby={`${id}-status`}
        onChange={(e) => void choose(e.currentTarget)}
      />
      <div id={`${id}-status`} role="status" aria-live="polite">
        {step.kind === 'reading' ? <p>{t('reading')}</p> : null}
        {step.kind === 'importing' ? <p>{t('importing')}</p> : null}
        {step.kind === 'done' ? <Alert severity="success">{t(step.replaced ? 'replaced' : 'imported', { entries: step.entries, races: step.races })}</Alert> : null}
        {failureText ? <Alert severity="error">{failureText}</Alert> : null}
      </div>
      {shown ? (
        <div data-testid="results-preview">
          <p>{t('preview', { races: shown.preview.races.length, format: shown.preview.format })}</p>
          {shown.preview.races.map((race) => (
            <section key={race.name} aria-label={race.name} className={css.previewRace}>
              <h3 className={css.previewTitle}>{t('race', { name: race.name, entries: race.entries, teams: race.teams })}</h3>
              <div className={ui.tableScroll}>
                <table className={ui.table}>
                  <thead>
                    <tr>
                      <th scope="col">{t('columns.position')}</th>
                      <th scope="col">{t('columns.number')}</th>
                      <th scope="col">{t('columns.name')}</th>
                      <th scope="col">{t('columns.class')}</th>
                      <th scope="col">{t('columns.result')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {race.rows.map((row, i) => (
                      <tr key={i}>
                        <td>{row.position ?? row.state}</td>
                        <td>{row.number}</td>
                        <th scope="row">{row.name}</th>
                        <td>{row.className ?? ''}</td>
                        <td>{row.result}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
          ))}
          <p className={css.actions}>
            {failure?.apiCode === 'already_imported' ? (
              <button type="button" className={`${ui.button} ${ui.contained}`} onClick={() => void importNow(shown.file, shown.preview, true)}>
                {t('replace')}
              </button>
            ) : (
              <button type="button" disabled={step.kind === 'importing'} className={`${ui.button} ${ui.contained}`} onClick={() => void importNow(shown.file, shown.preview, false)}>
                {t('import')}
              </button>
            )}
          </p>
        </div>
      ) : null}
    </div>
  );
}
