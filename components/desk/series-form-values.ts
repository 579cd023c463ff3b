/**
 * The desk's series form as plain values (issue 24 "the rules as a form over the engine's rules"):
 * what each control holds, read from and written back to the contract's body
 * (lib/contracts/desk-series.ts `DeskSeriesBody`, whose `rules` are the engine's `seriesRules`).
 * No zod here: the form's first load stays light; the check runs in ./series-schema.ts.
 *
 * A rule the form does not show (races excluded, the team championship's tie-breaks) is kept as
 * it was (`kept`), so saving the form never drops it.
 */
import type { DeskSeriesBody, DeskSeriesInput } from '@/lib/contracts/desk-series';
import type { SeriesType, TieBreak } from '@/lib/contracts/series';

/** How many event scores count: all, the best N, or all but the worst N. */
export type Counting = 'all' | 'best' | 'drop';

export interface SeriesFormValues {
  name: string;
  startDate: string;
  endDate: string;
  seriesType: SeriesType;
  isPublic: boolean;
  /** Checked events, as the checkboxes' values (ids as text). */
  eventIds: string[];
  /** The points table, 1st place first, as typed: `25, 22, 20`. */
  pointsTableLine: string;
  scoring: 'moto' | 'event';
  counting: Counting;
  bestResults: string;
  dropScores: string;
  minEvents: string;
  /** The tie-breaks in order ('' : none). */
  tieBreak1: TieBreak | '';
  tieBreak2: TieBreak | '';
  tieBreak3: TieBreak | '';
  dnfScores: boolean;
  /** Classes and class groups that count (none checked: every class). */
  classes: string[];
  classGroups: string[];
  teamsOn: boolean;
  teamPointsLine: string;
  hostClubScoresZero: boolean;
  clubBestTeamOnly: boolean;
}

/** What the form keeps of the stored rules without showing it. */
export type KeptRules = Pick<DeskSeriesInput['rules'], 'excludedRaceIds'> & { teamTieBreak: TieBreak[] };

/** A points table as the form shows it. */
const line = (points: readonly number[]) => points.join(', ');

/** The stored series (null: a new one, with `defaults` as its rules) as the form's values. */
export function toSeriesFormValues(series: DeskSeriesInput | null, defaults: DeskSeriesInput['rules']): SeriesFormValues {
  const rules = series?.rules ?? defaults;
  const [t1 = '', t2 = '', t3 = ''] = rules.tieBreak;
  return {
    name: series?.name ?? '',
    startDate: series?.startDate ?? '',
    endDate: series?.endDate ?? '',
    seriesType: series?.seriesType ?? 'overall',
    isPublic: series?.isPublic ?? false,
    eventIds: (series?.eventIds ?? []).map(String),
    pointsTableLine: line(rules.pointsTable),
    scoring: rules.scoring,
    counting: rules.bestResults !== null ? 'best' : rules.dropScores > 0 ? 'drop' : 'all',
    bestResults: rules.bestResults !== null ? String(rules.bestResults) : '',
    dropScores: rules.dropScores > 0 ? String(rules.dropScores) : '',
    minEvents: String(rules.minEvents),
    tieBreak1: t1,
    tieBreak2: t2,
    tieBreak3: t3,
    dnfScores: rules.dnfScores,
    classes: [...rules.classes],
    classGroups: [...rules.classGroups],
    teamsOn: rules.teams !== null,
    teamPointsLine: line(rules.teams?.pointsTable ?? rules.pointsTable),
    hostClubScoresZero: rules.teams?.hostClubScoresZero ?? true,
    clubBestTeamOnly: rules.teams?.clubBestTeamOnly ?? true,
  };
}

/** What the form keeps of `series`' rules unshown. */
export function keptRules(series: DeskSeriesInput | null): KeptRules {
  return { excludedRaceIds: series?.rules.excludedRaceIds ?? [], teamTieBreak: series?.rules.teams?.tieBreak ?? ['emergency-points'] };
}

/**
 * A typed list of points (`25, 22 20;18`) as numbers; a part that is not a whole number stays
 * as NaN, so the contract refuses the table (`invalid_points_table`) rather than the form
 * guessing.
 */
export function parsePoints(text: string): number[] {
  return text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : Number.NaN));
}

/** A typed count: '' → fallback, digits → the number, anything else NaN (refused by the contract). */
const count = (text: string, fallback: number | null) => (text.trim() === '' ? fallback : /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The form's values as the contract's body (checked by ./series-schema.ts, and again by the server). */
export function toSeriesBody(values: SeriesFormValues, kept: KeptRules): DeskSeriesBody {
  return {
    name: values.name,
    startDate: values.startDate,
    endDate: values.endDate,
    seriesType: values.seriesType,
    isPublic: values.isPublic,
    eventIds: values.eventIds.map(Number),
    rules: {
      pointsTable: parsePoints(values.pointsTableLine),
      scoring: values.scoring,
      classes: values.classes,
      classGroups: values.classGroups,
      bestResults: values.counting === 'best' ? count(values.bestResults, Number.NaN) : null,
      dropScores: values.counting === 'drop' ? (count(values.dropScores, Number.NaN) as number) : 0,
      minEvents: count(values.minEvents, 0) as number,
      tieBreak: [values.tieBreak1, values.tieBreak2, values.tieBreak3].filter((t): t is TieBreak => t !== ''),
      excludedRaceIds: kept.excludedRaceIds,
      dnfScores: values.dnfScores,
      teams: values.teamsOn
        ? { pointsTable: parsePoints(values.teamPointsLine), hostClubScoresZero: values.hostClubScoresZero, clubBestTeamOnly: values.clubBestTeamOnly, tieBreak: kept.teamTieBreak }
        : null,
    },
  };
}

/** The form control a contract issue's path lands on (`['rules', 'pointsTable']` → `pointsTableLine`). */
export function fieldOfIssue(path: readonly (string | number)[]): keyof SeriesFormValues | 'root' {
  if (path[0] !== 'rules') return (path[0] as keyof SeriesFormValues | undefined) ?? 'root';
  if (path[1] === 'teams') return 'teamPointsLine';
  switch (path[1]) {
    case 'pointsTable':
      return 'pointsTableLine';
    case 'tieBreak':
      return 'tieBreak1';
    case 'bestResults':
    case 'dropScores':
    case 'minEvents':
    case 'scoring':
    case 'classes':
    case 'classGroups':
    case 'dnfScores':
      return path[1];
    default:
      return 'root';
  }
}
