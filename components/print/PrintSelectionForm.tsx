/**
 * The selection form of /races/printScores and /scores/printScores (spec §5 Race printing; issue
 * 12): the event (changing it loads its races beside it, the field keeping the focus), the
 * race(s) as checkboxes, what to print as tabs (By position, Position only with the classes of
 * the chosen races, By team), the paper, and "Show the sheet". 'You must select a race', 'No
 * classes are selected in the Position Only tab' appear in an alert that takes the focus and
 * beside their fields. It is a GET form on its own page: before React has hydrated (or without
 * JavaScript) the browser sends it and the server checks the rules (PrintSelectionPage).
 *
 * Plain HTML (issue 23): a server component with native controls; what needs JavaScript (the
 * event field's loading, the check before leaving the page, the tabs, the classes following the
 * ticked races) are the small client leaves of ./SelectionControls.tsx.
 */
import { getTranslations } from 'next-intl/server';
import { Icon } from '@/components/ui/Icon';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import type { PrintEventChoice, PrintIssue, PrintRaceChoice, PrintSelection } from '@/lib/contracts/print';
import { formatDate } from '@/lib/format';
import css from './print.module.css';
import { BeforeHydration, ClassChoices, ModeTabs, SelectionForm } from './SelectionControls';

/** Material's ErrorOutline and InfoOutlined (MUI's Alert icons). */
const ERROR_ICON = 'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z';
const INFO_ICON = 'M11,9H13V7H11M12,20C7.59,20 4,16.41 4,12C4,7.59 7.59,4 12,4C16.41,4 20,7.59 20,12C20,16.41 16.41,20 12,20M12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0,0 22,12A10,10 0 0,0 12,2M11,17H13V11H11V17Z';

const PAPERS = ['letter', 'a4'] as const;

export async function PrintSelectionForm({ locale, action, events, races, initial, issues }: {
  locale: Locale;
  /** This page's address (base path and language included): the form's GET target. */
  action: string;
  events: PrintEventChoice[];
  races: PrintRaceChoice[];
  initial: PrintSelection;
  issues: PrintIssue[];
}) {
  const t = await getTranslations({ locale, namespace: 'print' });
  const help = (key: 'byPositionHelp' | 'positionOnlyHelp' | 'byTeamHelp') => <p className={`${ui.body2} ${css.help}`}>{t(key)}</p>;
  const head =
    events.length === 0 ? (
      <div role="alert" className={`${ui.alert} ${ui.alertInfo} ${css.alert}`}>
        <Icon path={INFO_ICON} size={22} className={css.alertInfoIcon} />
        <div className={css.alertText}>{t('noEvents')}</div>
      </div>
    ) : (
      <div className={css.eventRow}>
        <div className={`${ui.field} ${css.eventField}`}>
          <label htmlFor="print-event" className={ui.label}>
            {t('event')}
          </label>
          <select id="print-event" name="event" className={`${ui.select} ${css.eventSelect}`} defaultValue={String(initial.event ?? '')}>
            <option value="">{t('chooseEvent')}</option>
            {events.map((ev) => (
              <option key={ev.id} value={ev.id}>
                {`${ev.name} — ${formatDate(ev.startDate, locale)}`}
              </option>
            ))}
          </select>
        </div>
        <BeforeHydration>
          <button type="submit" className={`${ui.button} ${ui.outlined}`}>
            {t('showRaces')}
          </button>
        </BeforeHydration>
      </div>
    );

  return (
    <SelectionForm
      action={action}
      event={initial.event}
      issues={issues}
      texts={{ race_required: t('errors.race_required'), classes_required: t('errors.classes_required') }}
      icon={<Icon path={ERROR_ICON} size={22} className={css.alertIcon} />}
      progressLabel={t('showRaces')}
      head={head}
    >
      {initial.event !== null && (
        <>
          <fieldset className={`${css.fieldset} ${css.raceSet}`}>
            <legend className={css.legend}>{t('races')}</legend>
            {races.length === 0 ? (
              <p>{t('noRaces')}</p>
            ) : (
              <div className={css.checks}>
                {races.map((race) => (
                  <label key={race.id} className={css.check}>
                    <input type="checkbox" name="race" value={race.id} defaultChecked={initial.races.includes(race.id)} />
                    <span>{`${race.runNumber === null ? race.name : t('raceChoice', { name: race.name, run: race.runNumber })} (${t('raceEntries', { count: race.entryCount })})`}</span>
                  </label>
                ))}
              </div>
            )}
            <p className={`${css.errorText} ${css.raceHelp}`}>{t('errors.race_required')}</p>
          </fieldset>

          <fieldset className={css.fieldset}>
            <legend className={css.legend}>{t('whatToPrint')}</legend>
            <ModeTabs
              mode={initial.mode}
              label={t('whatToPrint')}
              labels={{ overall: t('byPosition'), classes: t('positionOnly'), team: t('byTeam') }}
              panels={{
                overall: help('byPositionHelp'),
                classes: (
                  <>
                    {help('positionOnlyHelp')}
                    {/* Keyed by the event: another event's classes start from its own choice. */}
                    <ClassChoices
                      key={initial.event}
                      races={races.map((r) => ({ id: r.id, classes: r.classes }))}
                      chosenRaces={initial.races}
                      chosen={initial.classes}
                      texts={{ legend: t('classes'), selectAll: t('selectAllClasses'), none: t('noClasses'), required: t('errors.classes_required') }}
                    />
                  </>
                ),
                team: help('byTeamHelp'),
              }}
            />
          </fieldset>

          <fieldset className={css.fieldset}>
            <legend className={css.legend}>{t('paper')}</legend>
            <div className={css.radios}>
              {PAPERS.map((p) => (
                <label key={p} className={css.check}>
                  <input type="radio" name="paper" value={p} defaultChecked={initial.paper === p} />
                  <span>{t(p)}</span>
                </label>
              ))}
            </div>
          </fieldset>

          <div>
            <button type="submit" name="go" value="1" className={`${ui.button} ${ui.contained} ${ui.large} ${css.submit}`}>
              {t('showSheet')}
            </button>
          </div>
        </>
      )}
    </SelectionForm>
  );
}
