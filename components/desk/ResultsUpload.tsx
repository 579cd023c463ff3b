'use client';
/**
 * Results upload on the desk (issue 24): the promoter chooses a results file (an RMonitor
 * capture, an ECEA report, AMA JSON, or a spreadsheet of other timing software, CSV or Excel
 * .xlsx); the site reads it and shows what it would import (each race, its entries, its first
 * rows) before anything is written, or the refusal with its line and field; then imports it (all
 * or nothing), offering to replace an earlier import of the same file. The event's races and
 * pages follow at once.
 *
 * A spreadsheet whose position or rider column the site cannot recognise opens the column-mapping
 * step: for each column, a select of the fields (labelled with the column's header and a sample
 * value), checked with the server's own schema (lib/contracts/desk.ts `sheetMappingInput`) before
 * the file is previewed again with those columns. "Change columns" opens it for a recognised
 * spreadsheet too.
 */
import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import ui from '@/components/ui/ui.module.css';
import {
  importDeskResults,
  previewDeskResults,
  readResultsFile,
  type DeskResultsFile,
  type DeskResultsPreview,
  type DeskSaveError,
  type DeskSheetColumns,
} from '@/lib/api/desk';
import { SHEET_FIELDS, sheetMappingInput, sheetMappingIssues, type SheetField, type SheetMapping } from '@/lib/contracts/desk';
import { useRouter } from '@/lib/i18n/navigation';
import css from './desk.module.css';

/** A preview on screen: the file, what it would import, and the columns it was read with (a spreadsheet mapped by hand). */
type Shown = { file: DeskResultsFile; preview: DeskResultsPreview; mapping: SheetMapping | undefined };

/** The column-mapping step: the file's columns, the field chosen for each, the importer's refusal (when it asked), the preview to go back to. */
type Mapping = { file: DeskResultsFile; columns: DeskSheetColumns; choice: (SheetField | null)[]; refusal: string | null; back: Shown | null };

/** A refused choice of columns: its issue code and, for a field chosen twice, that field. */
type MappingIssue = { code: string; field: SheetField | null };

type Step =
  | { kind: 'idle' }
  | { kind: 'reading' }
  | { kind: 'mapping'; mapping: Mapping; issues: MappingIssue[]; busy: boolean; error: DeskSaveError | null }
  | { kind: 'preview'; shown: Shown }
  | { kind: 'importing'; shown: Shown }
  | { kind: 'done'; entries: number; races: number; replaced: boolean }
  | { kind: 'failed'; error: DeskSaveError; shown: Shown | null };

const MAPPING_CODES = new Set(['null_mapping_position', 'null_mapping_rider', 'invalid_mapping_duplicate', 'invalid_mapping', 'invalid_mapping_json']);

/** Up to two sample values of column `i`, shortened. */
function sampleOf(columns: DeskSheetColumns, i: number): string {
  const values = columns.sample.map((row) => row[i] ?? '').filter((v) => v !== '');
  const text = [...new Set(values)].slice(0, 2).join(', ');
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

export function ResultsUpload({ eventId }: { eventId: number }) {
  const t = useTranslations('desk.upload');
  const tErrors = useTranslations('desk.errors');
  const id = useId();
  const router = useRouter();
  const [step, setStep] = useState<Step>({ kind: 'idle' });

  const openMapping = (mapping: Mapping) => setStep({ kind: 'mapping', mapping, issues: [], busy: false, error: null });

  const choose = async (input: HTMLInputElement) => {
    const chosen = input.files?.[0];
    if (!chosen) return;
    setStep({ kind: 'reading' });
    let file: DeskResultsFile | null = null;
    try {
      file = await readResultsFile(chosen);
      const answer = await previewDeskResults(eventId, file);
      if (answer.needsMapping) openMapping({ file, columns: answer, choice: answer.guess, refusal: answer.refusal, back: null });
      else setStep({ kind: 'preview', shown: { file, preview: answer, mapping: undefined } });
    } catch (err) {
      setStep({ kind: 'failed', error: err as DeskSaveError, shown: null });
    }
  };

  const previewWith = async (mapping: Mapping) => {
    const checked = sheetMappingInput.safeParse(mapping.choice);
    if (!checked.success) {
      setStep({ kind: 'mapping', mapping, issues: sheetMappingIssues(checked.error), busy: false, error: null });
      return;
    }
    setStep({ kind: 'mapping', mapping, issues: [], busy: true, error: null });
    try {
      const answer = await previewDeskResults(eventId, mapping.file, checked.data);
      // With the columns given the server reads the file as a spreadsheet: never another request.
      if (answer.needsMapping) throw new Error('unexpected mapping request');
      setStep({ kind: 'preview', shown: { file: mapping.file, preview: answer, mapping: checked.data } });
    } catch (err) {
      setStep({ kind: 'mapping', mapping, issues: [], busy: false, error: err as DeskSaveError });
    }
  };

  const importNow = async (shown: Shown, replace: boolean) => {
    setStep({ kind: 'importing', shown });
    try {
      const done = await importDeskResults(eventId, shown.file, replace, shown.mapping);
      setStep({ kind: 'done', entries: done.entries, races: done.raceIds.length, replaced: done.replaced });
      router.refresh();
    } catch (err) {
      setStep({ kind: 'failed', error: err as DeskSaveError, shown });
    }
  };

  const errorText = (failure: DeskSaveError | null) =>
    failure
      ? failure.apiCode === 'invalid_results_file'
        ? t('refused', { detail: failure.message })
        : failure.apiCode === 'already_imported'
          ? t('already')
          : failure.apiCode && MAPPING_CODES.has(failure.apiCode)
            ? t('mapping.errors.invalid_mapping')
            : tErrors.has(failure.apiCode ?? failure.code)
              ? tErrors((failure.apiCode ?? failure.code) as 'request_error')
              : tErrors('request_error')
      : null;
  const failure = step.kind === 'failed' ? step.error : null;
  const failureText = errorText(failure);
  const shown = step.kind === 'preview' || step.kind === 'importing' || step.kind === 'failed' ? step.shown : null;
  const fieldLabel = (field: SheetField | null) => t(`mapping.fields.${field ?? 'none'}`);

  return (
    <div className={css.upload}>
      <p className={css.intro}>{t('intro')}</p>
      <label htmlFor={`${id}-file`} className={css.uploadLabel}>
        {t('file')}
      </label>
      <input
        id={`${id}-file`}
        type="file"
        accept=".txt,.log,.csv,.json,.xlsx,text/plain,text/csv,application/json,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        className={ui.input}
        aria-describedby={`${id}-status`}
        onChange={(e) => void choose(e.currentTarget)}
      />
      <div id={`${id}-status`} role="status" aria-live="polite">
        {step.kind === 'reading' ? <p>{t('reading')}</p> : null}
        {step.kind === 'importing' ? <p>{t('importing')}</p> : null}
        {step.kind === 'mapping' && step.busy ? <p>{t('mapping.previewing')}</p> : null}
        {step.kind === 'done' ? <Alert severity="success">{t(step.replaced ? 'replaced' : 'imported', { entries: step.entries, races: step.races })}</Alert> : null}
        {failureText ? <Alert severity="error">{failureText}</Alert> : null}
      </div>
      {step.kind === 'mapping' ? (
        <MappingStep
          id={id}
          step={step}
          fieldLabel={fieldLabel}
          errorText={errorText(step.error)}
          onChoose={(i, field) => setStep({ ...step, mapping: { ...step.mapping, choice: step.mapping.choice.map((f, j) => (j === i ? field : f)) }, issues: [] })}
          onPreview={() => void previewWith(step.mapping)}
          onBack={step.mapping.back ? () => setStep({ kind: 'preview', shown: step.mapping.back! }) : null}
        />
      ) : null}
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
              <button type="button" className={`${ui.button} ${ui.contained}`} onClick={() => void importNow(shown, true)}>
                {t('replace')}
              </button>
            ) : (
              <button type="button" disabled={step.kind === 'importing'} className={`${ui.button} ${ui.contained}`} onClick={() => void importNow(shown, false)}>
                {t('import')}
              </button>
            )}
            {shown.preview.sheet ? (
              <button
                type="button"
                disabled={step.kind === 'importing'}
                className={`${ui.button} ${ui.outlined}`}
                onClick={() => openMapping({ file: shown.file, columns: shown.preview.sheet!, choice: shown.preview.sheet!.guess, refusal: null, back: shown })}
              >
                {t('changeColumns')}
              </button>
            ) : null}
          </p>
        </div>
      ) : null}
    </div>
  );
}

/** The column-mapping step: a labelled select per column, the refused choices in an alert, the preview button. */
function MappingStep({
  id,
  step,
  fieldLabel,
  errorText,
  onChoose,
  onPreview,
  onBack,
}: {
  id: string;
  step: Extract<Step, { kind: 'mapping' }>;
  fieldLabel: (field: SheetField | null) => string;
  errorText: string | null;
  onChoose: (column: number, field: SheetField | null) => void;
  onPreview: () => void;
  onBack: (() => void) | null;
}) {
  const t = useTranslations('desk.upload');
  const { mapping, issues, busy } = step;
  // The step opens in place of the file's preview: its title takes the focus, so it is read out.
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  const messages = [
    ...new Set(
      issues.map((issue) =>
        issue.code === 'invalid_mapping_duplicate' && issue.field
          ? t('mapping.errors.invalid_mapping_duplicate', { field: fieldLabel(issue.field) })
          : t(`mapping.errors.${MAPPING_CODES.has(issue.code) ? (issue.code as 'invalid_mapping') : 'invalid_mapping'}`),
      ),
    ),
  ];
  const twice = new Set(issues.flatMap((issue) => (issue.code === 'invalid_mapping_duplicate' && issue.field ? [issue.field] : [])));
  const errorsId = `${id}-mapping-errors`;
  return (
    <section aria-labelledby={`${id}-mapping-title`} className={css.mapping} data-testid="column-mapping">
      <h3 id={`${id}-mapping-title`} ref={title} tabIndex={-1} className={css.previewTitle}>
        {t('mapping.title')}
      </h3>
      <p className={css.intro}>{mapping.refusal ? t('mapping.intro') : t('mapping.introChange')}</p>
      {mapping.refusal ? <p className={`${ui.helper} ${css.refusal}`}>{mapping.refusal}</p> : null}
      <ol className={css.mappingList}>
        {mapping.columns.headers.map((header, i) => {
          const sample = sampleOf(mapping.columns, i);
          const field = mapping.choice[i] ?? null;
          const invalid = field !== null && twice.has(field);
          return (
            <li key={i} className={ui.field} data-invalid={invalid ? '' : undefined}>
              <label htmlFor={`${id}-column-${i}`} className={css.mappingLabel}>
                <span className={css.mappingHeader}>{header ? t('mapping.column', { n: i + 1, header }) : t('mapping.columnNoHeader', { n: i + 1 })}</span>{' '}
                <span className={ui.helper}>{sample ? t('mapping.sample', { values: sample }) : t('mapping.noSample')}</span>
              </label>
              <select
                id={`${id}-column-${i}`}
                className={ui.select}
                value={field ?? ''}
                aria-invalid={invalid || undefined}
                aria-describedby={invalid ? errorsId : undefined}
                onChange={(e) => onChoose(i, (e.currentTarget.value || null) as SheetField | null)}
              >
                <option value="">{fieldLabel(null)}</option>
                {SHEET_FIELDS.map((f) => (
                  <option key={f} value={f}>
                    {fieldLabel(f)}
                  </option>
                ))}
              </select>
            </li>
          );
        })}
      </ol>
      <div id={errorsId} role="alert">
        {messages.length ? (
          <Alert severity="error" role="none">
            {messages.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </Alert>
        ) : null}
        {errorText ? (
          <Alert severity="error" role="none">
            {errorText}
          </Alert>
        ) : null}
      </div>
      <p className={css.actions}>
        <button type="button" disabled={busy} className={`${ui.button} ${ui.contained}`} onClick={onPreview}>
          {t('mapping.preview')}
        </button>
        {onBack ? (
          <button type="button" disabled={busy} className={`${ui.button} ${ui.outlined}`} onClick={onBack}>
            {t('mapping.back')}
          </button>
        ) : null}
      </p>
    </section>
  );
}
