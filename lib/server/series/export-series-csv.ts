/**
 * A series table as CSV (issue 9 "series tables export to CSV like results tables"; spec §3
 * Series table; GET livelaps/series/export/{id}): UTF-8 with a byte-order mark, CRLF, the
 * header row in the page's language (`seriesTable` messages), the rows and filters of the
 * table on screen. Riders: position and points of the shown scope (`indexScore`), number,
 * name, class, class group (when any), brand, hometown, one column per event (drop scores
 * written `(12)`), events scored and the scope's points. Teams and clubs: place, name, club, one column
 * per event, emergency points, total.
 */
import 'server-only';
import { toCsv } from '../http/csv';
import type { Locale } from '../../config';
import type { EventScore, SeriesResultsRequest, StandingScope } from '../../contracts/series';
import { fileSlug } from '../../format';
import { computeStandings } from './engine';
import { loadSeries } from './load-series';
import { buildSeriesResults } from './series-table';
import { seriesLabels } from './series-labels';

export type SeriesView = 'riders' | 'teams' | 'clubs';

const SCOPES: Record<SeriesResultsRequest['indexScore'], StandingScope> = {
  classPointsShow: 'class',
  overallPointsShow: 'overall',
  groupPointsShow: 'group',
};

/** An event cell: the points, `(12)` when dropped, empty without a score. */
export function cellText(score: EventScore | null | undefined): string {
  if (!score || score.points === null) return '';
  return score.drop ? `(${score.points})` : String(score.points);
}

/**
 * Public series `seriesId` as a CSV file (riders, or the team or club championship).
 * @throws AppError `not_found` when the series is unknown or hidden.
 */
export async function exportSeriesCsv(
  seriesId: number,
  request: SeriesResultsRequest,
  locale: Locale,
  view: SeriesView = 'riders',
): Promise<{ filename: string; body: string }> {
  const [loaded, label] = await Promise.all([loadSeries(seriesId), seriesLabels(locale)]);
  const table = buildSeriesResults(loaded, loaded.events, computeStandings(loaded.input), { ...request, page: 1, size: -1 });
  const eventNames = table.events.map((e) => e.name);
  const shown = new Set(table.events.map((e) => e.id));
  const keep = loaded.events.map((e) => shown.has(e.id));
  const place = (position: number | null) => (position === null ? label('notClassified') : String(position));
  let records: string[][];
  if (view === 'riders') {
    const scope = SCOPES[request.indexScore];
    const withGroup = table.data.some((r) => r.classGroup !== null);
    records = [
      [label(`${scope}Position`), label('number'), label('name'), label('class'), ...(withGroup ? [label('group')] : []), label('brand'), label('city'), ...eventNames, label('eventsScored'), label(`${scope}Points`)],
      ...table.data.map((r) => [
        r.classified ? String(r[scope].position ?? '') : label('notClassified'),
        r.number ?? '',
        `${r.firstName} ${r.lastName}`.trim(),
        r.className ?? '',
        ...(withGroup ? [r.classGroup ?? ''] : []),
        r.brand ?? '',
        [r.city, r.state].filter(Boolean).join(', '),
        ...r.events.map((cell) => cellText(cell?.[scope])),
        String(r.eventsScored),
        String(r[scope].points),
      ]),
    ];
  } else if (view === 'teams') {
    records = [
      [label('place'), label('team'), label('club'), ...eventNames, label('emergencyPoints'), label('total')],
      ...(table.teams ?? []).map((t) => [
        place(t.position),
        t.name,
        t.club,
        ...t.events.filter((_, i) => keep[i]).map((e) => (e ? String(e.points) : '')),
        String(t.emergencyPoints),
        String(t.points),
      ]),
    ];
  } else {
    records = [
      [label('place'), label('club'), ...eventNames, label('emergencyPoints'), label('total')],
      ...(table.clubs ?? []).map((c) => [
        place(c.position),
        c.club,
        ...c.events.filter((_, i) => keep[i]).map((e) => (e ? String(e.points) : '')),
        String(c.emergencyPoints),
        String(c.points),
      ]),
    ];
  }
  const body = toCsv(records);
  return { filename: `${fileSlug([loaded.series.name, view === 'riders' ? '' : view], 'series')}.csv`, body };
}
