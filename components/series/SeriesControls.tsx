/**
 * The controls of a series page (spec §3 Series filters: brands, className, classGroup,
 * participants, events): which standing the table ranks and scores (class, overall, class
 * group), then the filters class, class group, brand, event and rider. Everything lives in the
 * URL (shareable, survives a reload); the server renders the table for it.
 *
 * Plain HTML rendered here on the server (issue 23: MUI's selects, Autocomplete and Collapse
 * before, the rider list fetched with TanStack Query): the standings' kinds are links; the
 * filters are a GET form of selects (SeriesSelect, a small client leaf that puts a choice in
 * the URL at once once JavaScript runs) inside the panel the "Filter the standings" button
 * shows (SeriesFilterPanel). Without JavaScript the panel is always shown and its submit button
 * sends the form, so a visitor reads every filter's result; "Clear filters" is a link.
 */
import { getTranslations } from 'next-intl/server';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import type { SeriesQuery, StandingScope } from '@/lib/contracts/series';
import { Link } from '@/lib/i18n/navigation';
import { seriesSearch } from './params';
import { SeriesFilterPanel } from './SeriesFilterPanel';
import { SeriesSelect, type SelectOption } from './SeriesSelect';
import css from './series.module.css';

/** The filters of the panel, in its order. */
const PANEL_KEYS = ['class', 'group', 'brand', 'event', 'rider'] as const;
type PanelKey = (typeof PANEL_KEYS)[number];

export interface SeriesControlsProps {
  locale: Locale;
  /** The series page's path (`/series/{id}`, without language). */
  path: string;
  /** The page's query (the view left out for the riders). */
  query: SeriesQuery;
  /** The riders' standings (scope and every filter) or the teams' / clubs' (event only). */
  riders: boolean;
  scope: StandingScope;
  scopes: StandingScope[];
  classes: string[];
  groups: string[];
  brands: string[];
  /** The rounds: id and translated label ("Round 2: Renfrew"). */
  events: { id: number; label: string }[];
  /** The riders of the series (the rider filter). */
  participants: { riderKey: string; number: string | null; name: string }[];
}

export async function SeriesControls({ locale, path, query, riders, scope, scopes, classes, groups, brands, events, participants }: SeriesControlsProps) {
  const t = await getTranslations({ locale, namespace: 'series.controls' });
  const keys: readonly PanelKey[] = riders ? PANEL_KEYS : ['event'];
  const active = keys.filter((k) => query[k] !== undefined).length;
  const href = (changes: Record<string, string | null>) => {
    const s = seriesSearch(query, changes).toString();
    return s ? `${path}?${s}` : path;
  };
  const cleared = href(Object.fromEntries(keys.map((k) => [k, null])));

  const any = (list: SelectOption[]): SelectOption[] => [{ value: '', label: t('any') }, ...list];
  const plain = (list: string[]) => list.map((v) => ({ value: v, label: v }));
  const fields: { key: PanelKey; label: string; options: SelectOption[] }[] = [
    ...(riders && classes.length > 1 ? [{ key: 'class' as const, label: t('class'), options: plain(classes) }] : []),
    ...(riders && groups.length > 1 ? [{ key: 'group' as const, label: t('group'), options: plain(groups) }] : []),
    ...(riders && brands.length > 1 ? [{ key: 'brand' as const, label: t('brand'), options: plain(brands) }] : []),
    ...(events.length > 1 ? [{ key: 'event' as const, label: t('event'), options: events.map((e) => ({ value: String(e.id), label: e.label })) }] : []),
    ...(riders && participants.length
      ? [{ key: 'rider' as const, label: t('participant'), options: participants.map((p) => ({ value: p.riderKey, label: [p.number, p.name].filter(Boolean).join(' ') })) }]
      : []),
  ];
  // The rest of the query travels with the form as it is (the view, the standing, a filter without a choice here).
  const shown = new Set<string>(fields.map((f) => f.key));
  const kept = [...seriesSearch(query).entries()].filter(([k]) => !shown.has(k));

  const scoreLinks = riders && scopes.length > 1 && (
    <div role="group" aria-labelledby="series-score-label" className={css.scores}>
      <span id="series-score-label" className={ui.label}>
        {t('score')}
      </span>
      {scopes.map((s) => (
        <Link
          key={s}
          href={href({ score: s === 'class' ? null : s })}
          aria-current={s === scope ? 'true' : undefined}
          className={`${ui.button} ${ui.small} ${s === scope ? ui.contained : ui.outlined}`}
          scroll={false}
          replace
        >
          {t(`scores.${s}`)}
        </Link>
      ))}
    </div>
  );
  const clear = active > 0 && (
    <Link href={cleared} className={ui.button} scroll={false} replace>
      {t('clear')}
    </Link>
  );

  return (
    <div className={`no-print ${css.controls}`}>
      <SeriesFilterPanel label={t('label')} active={active} before={scoreLinks} after={clear}>
        <form className={css.filters} aria-label={t('label')}>
          {kept.map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          {fields.map((f) => (
            <SeriesSelect
              key={f.key}
              name={f.key}
              label={f.label}
              value={query[f.key] === undefined ? '' : String(query[f.key])}
              options={any(f.options)}
              updating={t('updating')}
              wide={f.key === 'rider'}
            />
          ))}
          <button type="submit" className={`${ui.button} ${ui.outlined} ${css.apply}`}>
            {t('label')}
          </button>
        </form>
      </SeriesFilterPanel>
    </div>
  );
}
