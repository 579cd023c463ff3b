/**
 * The controls of a results page (spec §3 Race filters): the views (by team, overall, by
 * class, by group) and the class or group shown, the filters brand, class, class group and
 * participant, and a text search over name, number, team and city. Everything lives in the
 * URL (shareable, survives a reload); the server renders the table for it.
 *
 * Plain HTML (issue 23): the views and the class or group tabs are links rendered here on the
 * server (a visitor without JavaScript reads every tab); the search and filters are a GET form
 * (FilterBar, a small client leaf that updates the URL as the visitor types). Without
 * JavaScript the form shows the brand, class and group as native selects with a submit button
 * (`<noscript>`); with it, the filter panel's fields (MUI) are loaded when the panel is opened.
 */
import { getTranslations } from 'next-intl/server';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import type { ResultView } from '@/lib/contracts/results';
import { Link } from '@/lib/i18n/navigation';
import { FilterBar, type PanelKey } from './FilterBar';
import type { ResultsPage } from './RaceResults';
import css from './results.module.css';

export interface ControlsProps {
  locale: Locale;
  page: ResultsPage;
  raceId: number;
  view: ResultView;
  views: ResultView[];
  /** Classes (class view) or groups (group view) to pick from, and the one shown. */
  choices: string[];
  selected: string | null;
  brands: string[];
  classes: string[];
  groups: string[];
}

/** The page's URL query without the dialog's `rider`. */
function currentParams(search: ResultsPage['search']): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(search)) {
    if (k === 'rider' || v === undefined) continue;
    for (const value of Array.isArray(v) ? v : [v]) params.append(k, value);
  }
  return params;
}

export async function ResultsControls({ locale, page, raceId, view, views, choices, selected, brands, classes, groups }: ControlsProps) {
  const t = await getTranslations({ locale, namespace: 'race' });
  const params = currentParams(page.search);
  const href = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    const s = next.toString();
    return s ? `${page.path}?${s}` : page.path;
  };
  const viewLabel: Record<ResultView, string> = { team: t('byTeam'), overall: t('overall'), class: t('byClass'), group: t('byGroup') };
  // The filters of the panel, in its order (the class or group of their own view is a tab instead).
  const options: Record<PanelKey, string[]> = { brand: brands, class: classes, group: groups };
  const panel: PanelKey[] = [
    ...(brands.length > 1 ? (['brand'] as const) : []),
    ...(view !== 'class' && classes.length > 1 ? (['class'] as const) : []),
    ...(view !== 'group' && groups.length > 0 ? (['group'] as const) : []),
  ];
  const label: Record<PanelKey, string> = { brand: t('brand'), class: t('class'), group: t('group') };

  return (
    <div className={`no-print ${css.controls}`}>
      {views.length > 1 && (
        <div role="tablist" aria-label={t('views')} className={`${ui.tabs} ${css.viewTabs}`}>
          {views.map((v) => (
            <Link
              key={v}
              role="tab"
              aria-selected={v === view}
              className={ui.tab}
              href={href({ view: v, class: v === 'class' ? params.get('class') : null, group: v === 'group' ? params.get('group') : null })}
              scroll={false}
            >
              {viewLabel[v]}
            </Link>
          ))}
        </div>
      )}
      {(view === 'class' || view === 'group') && choices.length > 0 && (
        <div role="tablist" aria-label={view === 'class' ? t('byClass') : t('byGroup')} className={`${ui.tabs} ${css.subTabs}`}>
          {choices.map((c) => (
            <Link key={c} role="tab" aria-selected={c === selected} className={ui.tab} href={href({ [view]: c })} scroll={false}>
              {c}
            </Link>
          ))}
        </div>
      )}
      <FilterBar raceId={raceId} view={view} panel={panel} options={options}>
        {/* Without JavaScript: the panel's choices as native selects, sent with the search. */}
        <noscript>
          <style>{`.${css.toggle}{display:none!important}`}</style>
          {panel.length > 0 && (
            <div className={css.fallback} role="group" aria-label={t('filters')}>
              {panel.map((name) => (
                <div key={name} className={`${ui.field} ${css.field}`}>
                  <label htmlFor={`results-${name}`} className={ui.label}>
                    {label[name]}
                  </label>
                  <select id={`results-${name}`} name={name} defaultValue={params.get(name) ?? ''} className={ui.select}>
                    <option value="">{t('any')}</option>
                    {options[name].map((o) => (
                      <option key={o} value={o}>
                        {o}
                      </option>
                    ))}
                  </select>
                </div>
              ))}
              <button type="submit" className={`${ui.button} ${ui.outlined}`}>
                {t('filters')}
              </button>
            </div>
          )}
        </noscript>
      </FilterBar>
    </div>
  );
}
