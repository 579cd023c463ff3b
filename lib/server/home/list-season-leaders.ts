/**
 * The home page's series leaders (issue 25 "Home for race day: … series leaders"; spec §2
 * Landing page, §3 Series table): the public series of the current season, each with the
 * leader of every class as its series page lists it (lib/server/series/series-leaders.ts, the
 * same engine output as /series/{id} and the event page's Series tab).
 *
 * The current season is the latest year in which a public series has begun (its start date on
 * or before today): in January the last season's standings still show, and a series announced
 * for next season shows once its season starts.
 */
import 'server-only';
import { seriesRequestFor } from '../../contracts/series';
import { cachedRead } from '../cache/read-cache';
import { tagRead, tags } from '../cache/tags';
import { getSeriesResults, listPublicSeries } from '../series';
import { classLeaders, type ClassLeaders } from '../series/series-leaders';

export interface SeasonSeries {
  id: number;
  name: string;
  promoter: { userId: number; name: string };
  /** Rounds (public events) and how many have results. */
  rounds: number;
  held: number;
  /** Each class's leader (first row of its table), in the standings' order; empty: no points yet. */
  leaders: ClassLeaders[];
}

export interface SeasonLeaders {
  /** The season's year, null when no public series has begun. */
  season: number | null;
  series: SeasonSeries[];
}

/**
 * The current season's public series (newest start first, then by name) and their class
 * leaders on `today` (YYYY-MM-DD, the federation's date). A series whose standings fail to
 * compute is listed without leaders rather than hiding the others. Tagged `events` and each
 * series' `series:{id}` (imports and the desk revalidate them).
 */
export const listSeasonLeaders = cachedRead('listSeasonLeaders', async function listSeasonLeaders(today: string): Promise<SeasonLeaders> {
  tagRead(tags.events);
  const cards = (await listPublicSeries()).filter((c) => c.startDate <= today);
  if (!cards.length) return { season: null, series: [] };
  const season = Math.max(...cards.map((c) => Number(c.startDate.slice(0, 4))));
  const current = cards.filter((c) => Number(c.startDate.slice(0, 4)) === season);
  const series = await Promise.all(
    current.map(async (c): Promise<SeasonSeries> => {
      tagRead(tags.series(c.id));
      const results = await getSeriesResults(c.id, seriesRequestFor({}));
      return {
        id: c.id,
        name: c.name,
        promoter: c.promoter,
        rounds: results.events.length,
        held: results.events.filter((e) => e.held).length,
        leaders: classLeaders(results, null, 1),
      };
    }),
  );
  return { season, series };
});
