/**
 * Results-table columns (spec §3 Race results columns): header label key and cell renderer
 * per configured column key. Times are shown as m:ss.sss.
 */
import type { ResultColumn, ResultRow } from '@/lib/contracts/results';
import { formatGap, formatRaceTime } from '@/lib/format';

export const NUMERIC_COLUMNS = new Set<ResultColumn>([
  'position', 'classPosition', 'laps', 'lastLap', 'bestLap', 'totalTime', 'gap', 'diff', 'checkpoints', 'points', 'emergencyPoints',
]);

/** Columns hidden on phones to keep the table readable trackside. */
export const SECONDARY_COLUMNS = new Set<ResultColumn>(['brand', 'team', 'city', 'lastLap', 'diff', 'sections', 'transponder', 'emergencyPoints']);

/** Style of a column's cells: secondary columns show from the md breakpoint on. */
export function columnSx(column: ResultColumn) {
  return SECONDARY_COLUMNS.has(column) ? { display: { xs: 'none', md: 'table-cell' } } : {};
}

export interface CellContext {
  stateLabel: (s: ResultRow['resultState']) => string;
  /** "+2 laps", in the visitor's language. */
  lapsDown: (count: number) => string;
  /** Laps of the leader, to show lapped competitors' gap in laps. */
  leaderLaps: number | null;
}

/** The text of one cell; a lapped competitor's gap reads in laps ("+1 lap"). */
export function cellText(column: ResultColumn, r: ResultRow, ctx: CellContext): string {
  switch (column) {
    case 'position':
      return r.position?.toString() ?? '';
    case 'number':
    case 'row':
      return r.number;
    case 'name':
      return `${r.firstName} ${r.lastName}`.trim();
    case 'brand':
      return r.brand ?? '';
    case 'class':
      return r.className ?? '';
    case 'classPosition':
      return r.classPosition?.toString() ?? '';
    case 'team':
      return r.team ?? '';
    case 'laps':
      return r.laps?.toString() ?? '';
    case 'lastLap':
      return formatRaceTime(r.lastLapMs);
    case 'bestLap':
      return formatRaceTime(r.bestLapMs);
    case 'totalTime':
      return formatRaceTime(r.totalTimeMs);
    case 'gap':
      if (r.gapMs === null && r.laps !== null && ctx.leaderLaps !== null && r.laps < ctx.leaderLaps) {
        return ctx.lapsDown(ctx.leaderLaps - r.laps);
      }
      return formatGap(r.gapMs);
    case 'diff':
      return formatGap(r.diffMs);
    case 'state':
      return ctx.stateLabel(r.resultState);
    case 'city':
      return [r.city, r.state].filter(Boolean).join(', ');
    case 'checkpoints':
      return r.checkpoints?.toString() ?? '';
    case 'points':
      return r.points?.toString() ?? '';
    case 'emergencyPoints':
      return r.emergencyPoints?.toString() ?? '';
    case 'sections':
      return r.sectionTimes.map((s) => `${s.section} ${s.timeMs === null ? '—' : (s.timeMs / 1000).toFixed(3)}`).join(' · ');
    case 'transponder':
      return r.transponder ?? '';
    default:
      return '';
  }
}
