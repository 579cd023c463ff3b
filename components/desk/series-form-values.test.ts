/**
 * The desk's series form over the engine's rules (issue 24): a stored series read into the form
 * and written back is the same series (nothing the form does not show is lost), and a rule typed
 * wrong is refused on the control it concerns with the contract's code.
 */
import { describe, expect, it } from 'vitest';
import { deskSeriesInput, type DeskSeriesInput } from '@/lib/contracts/desk-series';
import { seriesRules } from '@/lib/contracts/series';
import { checkSeries } from './series-schema';
import { keptRules, parsePoints, toSeriesBody, toSeriesFormValues } from './series-form-values';

const defaults = seriesRules.parse({});
const ECEA: DeskSeriesInput = deskSeriesInput.parse({
  name: '2026 ECEA Enduro Championship',
  startDate: '2026-03-01',
  endDate: '2026-11-01',
  seriesType: 'overall',
  isPublic: true,
  eventIds: [4, 9],
  rules: {
    pointsTable: [30, 25, 21],
    scoring: 'event',
    classes: ['A', 'AA'],
    bestResults: 12,
    minEvents: 6,
    tieBreak: ['emergency-points'],
    excludedRaceIds: [77],
    dnfScores: false,
    teams: { pointsTable: [25, 22, 20], hostClubScoresZero: true, clubBestTeamOnly: false, tieBreak: ['emergency-points', 'latest-race'] },
  },
});

describe('the series form', () => {
  it('writes back exactly the series it read, rules it does not show included', () => {
    const values = toSeriesFormValues(ECEA, defaults);
    expect(values).toMatchObject({ counting: 'best', bestResults: '12', pointsTableLine: '30, 25, 21', teamsOn: true, eventIds: ['4', '9'] });
    expect(deskSeriesInput.parse(toSeriesBody(values, keptRules(ECEA)))).toEqual(ECEA);
  });

  it('turns the drop rule on and off', () => {
    const values = { ...toSeriesFormValues(ECEA, defaults), counting: 'drop' as const, dropScores: '2' };
    const checked = checkSeries(values, keptRules(ECEA));
    expect(checked.ok && checked.body.rules).toMatchObject({ bestResults: null, dropScores: 2 });
    const all = checkSeries({ ...values, counting: 'all' }, keptRules(ECEA));
    expect(all.ok && all.body.rules).toMatchObject({ bestResults: null, dropScores: 0 });
  });

  it('refuses a points table or a count typed wrong on its own control', () => {
    expect(parsePoints('25 22;20,, 18')).toEqual([25, 22, 20, 18]);
    const values = { ...toSeriesFormValues(ECEA, defaults), pointsTableLine: '25, 22, twenty', counting: 'drop' as const, dropScores: '-1', teamPointsLine: '' };
    const checked = checkSeries(values, keptRules(ECEA));
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors.pointsTableLine?.message).toBe('invalid_points_table');
    expect(checked.errors.dropScores?.message).toBe('invalid_drop_scores');
    expect(checked.errors.teamPointsLine?.message).toBe('invalid_points_table');
  });

  it('starts a new series with the engine’s default rules', () => {
    const values = toSeriesFormValues(null, defaults);
    expect(values).toMatchObject({ counting: 'all', pointsTableLine: defaults.pointsTable.join(', '), teamsOn: false, isPublic: false });
  });
});
