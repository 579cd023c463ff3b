/**
 * A series table, rendered on the server as plain HTML (spec §3 Series table): the leading
 * identity columns (position, number, name — or position and team / club) are sticky, the rest
 * scroll inside `ScrollFrame` (components/ui). A small style sheet per column layout (nth-child
 * rules) carries the sticky offsets, the numeric alignment and the event headers' width, not
 * attributes repeated on every cell; the tables of a page that share a layout (a class table per
 * class, all with the same rounds) share it, written once (./table-layout.ts).
 */
import { seriesTableHtml, type SeriesHtmlOptions } from './series-table-html';
import { ScrollFrame } from '@/components/ui/ScrollFrame';
import { SEASON_CLASS_PARAM, SEASON_PARAM } from './params';
import type { SeriesTableModel } from './standings-model';
import css from './series.module.css';

export function SeriesTable({ model, layout, domId, caption, regionLabel, scrollHint, openHint, seasonHref, drop, unclassified }: {
  model: SeriesTableModel;
  /** The table's column layout (`tableLayouts`): its style sheet is the page's, written once. */
  layout: string;
  /** Unique on the page: names the table's hint. */
  domId: string;
  caption: string;
  regionLabel: string;
  scrollHint: string;
  /** "Opens the rider's season": the description of every name link. */
  openHint: string;
  seasonHref: SeriesHtmlOptions['seasonHref'];
  drop: string;
  unclassified: string;
}) {
  const hintId = `${domId}-hint`;
  const html = seriesTableHtml(model, {
    caption,
    seasonHref,
    hintId,
    drop,
    unclassified,
    classes: { drop: css.drop, sep: css.sep, out: css.out, round: css.round, event: css.event },
  });
  return (
    <ScrollFrame label={regionLabel} hint={scrollHint} rowParams={{ [SEASON_PARAM]: 'season', [SEASON_CLASS_PARAM]: 'class' }}>
      <span id={hintId} hidden>
        {openHint}
      </span>
      <table className={css.table} data-l={layout} data-testid="series-table" dangerouslySetInnerHTML={{ __html: html }} />
    </ScrollFrame>
  );
}
