/**
 * The live preview of a series' standings (issue 24 "the rules as a form over the engine's rules
 * … with a live preview of the standings before saving"): the standings the engine computes with
 * the rules and events being written, beside those of the rules stored, written nowhere. Public
 * events and races only, as visitors will see them.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import { SERIES_PREVIEW_ROWS, type DeskSeriesInput, type SeriesPreview } from '../../contracts/desk-series';
import type { SeriesResultRow } from '../../contracts/series';
import { AppError } from '../../errors';
import { getDb } from '../db';
import { promoters } from '../db/schema';
import { assertAllowed, type Viewer } from '../policy';
import { computeStandings, loadSeriesFrom, type LoadedSeries, type SeriesRecord } from '../series';
import { toResultRows } from '../series/series-table';
import { getDeskSeries } from './get-desk-series';
import { assertSeriesEvents } from './save-series';

/** Classes shown in a preview at most (a series with more shows its first ones). */
const PREVIEW_CLASSES = 40;

/** The class standings of `loaded` computed with its own rules, rider key + class → row. */
function classRows(loaded: LoadedSeries): SeriesResultRow[] {
  return toResultRows(loaded, computeStandings(loaded.input).rows);
}

const keyOf = (r: Pick<SeriesResultRow, 'riderKey' | 'className'>) => `${r.riderKey}\u0000${r.className ?? ''}`;

/**
 * What the standings of series `seriesId` (null: a new series of promoter `promoterId`) would be
 * with `input`, beside the stored rules' (for an existing series).
 * @throws AppError `unauthenticated`; `not_found` (the series, the promoter or one of the events
 *   unknown or not the viewer's); `race_not_configured` never: the rules were parsed by the contract.
 */
export async function previewSeries(viewer: Viewer, seriesId: number | null, promoterId: number | null, input: DeskSeriesInput): Promise<SeriesPreview> {
  if (viewer === null) throw new AppError('unauthenticated');
  const stored = seriesId === null ? null : await getDeskSeries(viewer, seriesId);
  const owner = stored?.promoterId ?? promoterId;
  if (owner === null) throw new AppError('not_found');
  const [promoter] = await getDb().select({ id: promoters.id, userId: promoters.userId, name: promoters.name }).from(promoters).where(eq(promoters.id, owner));
  if (!promoter) throw new AppError('not_found');
  assertAllowed(viewer, 'series.edit', { promoterId: owner });
  await assertSeriesEvents(getDb(), owner, input.eventIds, stored?.series.eventIds ?? []);

  const record = (s: Pick<DeskSeriesInput, 'name' | 'startDate' | 'endDate' | 'seriesType' | 'rules'>): SeriesRecord => ({
    id: seriesId ?? 0,
    name: s.name,
    startDate: s.startDate,
    endDate: s.endDate,
    seriesType: s.seriesType,
    rules: s.rules,
    rulesValid: true,
    promoter,
  });
  const before = stored?.rulesValid ? await loadSeriesFrom(record(stored.series), stored.series.eventIds) : null;
  const sameEvents = before !== null && stored!.series.eventIds.length === input.eventIds.length && input.eventIds.every((id) => stored!.series.eventIds.includes(id));
  const after: LoadedSeries = sameEvents
    ? { ...before, series: record(input), input: { ...before.input, rules: input.rules, seriesType: input.seriesType } }
    : await loadSeriesFrom(record(input), input.eventIds);

  const was = new Map((before ? classRows(before) : []).map((r) => [keyOf(r), r.class]));
  const now = classRows(after);
  const byClass = new Map<string, SeriesResultRow[]>();
  for (const row of now) {
    const list = byClass.get(row.className ?? '') ?? [];
    list.push(row);
    byClass.set(row.className ?? '', list);
  }
  const order = (name: string) => after.classOrder.get(name) ?? Number.MAX_SAFE_INTEGER;
  const classes = [...byClass.entries()]
    .sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b))
    .slice(0, PREVIEW_CLASSES)
    .map(([name, rows]) => ({
      name,
      riders: rows.length,
      rows: [...rows]
        .sort((a, b) => (a.class.position ?? Number.MAX_SAFE_INTEGER) - (b.class.position ?? Number.MAX_SAFE_INTEGER) || b.class.points - a.class.points || a.lastName.localeCompare(b.lastName))
        .slice(0, SERIES_PREVIEW_ROWS)
        .map((r) => ({
          riderKey: r.riderKey,
          name: `${r.firstName} ${r.lastName}`.trim(),
          number: r.number,
          before: was.get(keyOf(r)) ?? null,
          after: r.class,
        })),
    }));
  const changed = before === null ? now.length : now.filter((r) => JSON.stringify(was.get(keyOf(r)) ?? null) !== JSON.stringify(r.class)).length;
  return { classes, events: after.events.filter((e) => e.held).length, changed };
}
