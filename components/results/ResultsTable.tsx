/**
 * The results table, rendered on the server as plain HTML (spec §2 race results, §3 Race
 * results columns): the leading identity columns (position, number, name or team) are
 * sticky, the rest scroll inside `ScrollFrame` (components/ui), the columns the race's kind needs
 * on a phone first (lib/contracts/column-priority.ts). Each rider's name links to their public page
 * (`/riders/{participantId}`, issue 25); the button beside it (`?rider={entryId}`, or a tap
 * anywhere else on the row) opens the rider's detail. No row data is handed to client code; the rows are one HTML
 * string (`tableHtml`), and the column styles (sticky, numeric, truncated) one small style
 * sheet per table (nth-child rules), not attributes repeated on every cell. A server
 * component with no MUI (issue 23); its print rules are in ./results.module.css.
 */
import { nameColumn, type ResultsTable as Model } from '@/lib/server/races';
import { tableHtml } from './table-html';
import { ScrollFrame } from '@/components/ui/ScrollFrame';
import css from './results.module.css';

/** Widths of the fixed sticky columns (their left offsets add up): room for "Pos.", "No", "23A", "Abd.", and the French "Pos. classe" (two lines) and "Rangée". */
const WIDTH_REM: Partial<Record<string, number>> = { position: 3.25, classPosition: 4, groupPosition: 4, number: 3.25, row: 4.5 };
/** The same at phone width, where a sprint's gap and best lap must fit beside them in 390 px. */
const PHONE_WIDTH_REM: Partial<Record<string, number>> = { position: 2.75, classPosition: 3.5, groupPosition: 3.5, number: 2.75, row: 3.75 };

/** The sticky identity columns' rules for one set of widths (their left offsets add up). */
function stickyRules(model: Model, scope: string, widths: Partial<Record<string, number>>): string[] {
  const cell = (i: number) => `${scope} tr>:nth-child(${i + 1})`;
  const rules: string[] = [];
  let left = 0;
  for (const [i, c] of model.columns.entries()) {
    if (!c.identity || i !== rules.length) break;
    const width = widths[c.key];
    if (width === undefined) {
      rules.push(`${cell(i)}{position:sticky;left:${left}rem;z-index:1;box-shadow:4px 0 4px -2px rgba(0,0,0,.12)}`);
      break;
    }
    // Fixed width, header included (a long label such as "Pos. classe" wraps), so the next sticky column's offset holds.
    rules.push(`${cell(i)}{position:sticky;left:${left}rem;z-index:1;min-width:${width}rem;max-width:${width}rem;padding-left:6px;padding-right:6px;overflow:hidden;text-overflow:ellipsis}${scope} thead tr>:nth-child(${i + 1}){white-space:normal;hyphens:auto;font-size:.75rem;line-height:1.2}`);
    left += width;
  }
  return rules;
}

/** Widest viewport (CSS px) that sets the narrower sticky widths. */
const PHONE_MAX_PX = 599.95;

/**
 * The table's own style sheet: sticky identity columns with their offsets, numbers right-aligned,
 * long names cut; on a phone the sticky columns narrower, so that the columns the race's kind
 * puts first (lib/contracts/column-priority.ts: a sprint's gap and best lap, an enduro's checks
 * and points) fit beside them at 390 px.
 */
function columnStyles(model: Model, scope: string): string {
  const cell = (i: number) => `${scope} tr>:nth-child(${i + 1})`;
  const body = (i: number) => `${scope} tbody tr>:nth-child(${i + 1})`;
  const rules = stickyRules(model, scope, WIDTH_REM);
  const sticky = rules.length;
  const name = nameColumn(model);
  const numeric = model.columns.flatMap((c, i) => (c.numeric ? [cell(i)] : []));
  const wide = model.columns.flatMap((c, i) => ((c.key === 'team' || c.key === 'name') && i >= sticky ? [cell(i)] : []));
  // A long name (an endurance crew "A / B / C") wraps to a second line on a phone, never a third (results.module.css).
  if (name >= 0) {
    rules.push(`${body(name)}{white-space:normal;overflow-wrap:break-word;min-width:9.5rem;max-width:11rem}`);
    rules.push(`@media(min-width:900px){${body(name)}{white-space:nowrap;max-width:18rem;overflow:hidden}}`);
  }
  if (numeric.length) rules.push(`${numeric.join(',')}{text-align:right}`);
  if (wide.length) rules.push(`${wide.join(',')}{max-width:12rem;overflow:hidden;text-overflow:ellipsis}`);
  rules.push(`${scope} thead tr>*{position:sticky;top:0;z-index:2}${scope} thead tr>:nth-child(-n+${Math.max(sticky, 1)}){z-index:3}`);
  const phone = [...stickyRules(model, scope, PHONE_WIDTH_REM), ...(name >= 0 ? [`${body(name)}{min-width:7rem;max-width:8rem}`] : [])];
  rules.push(`@media(max-width:${PHONE_MAX_PX}px){${phone.join('')}}`);
  return rules.join('');
}

export function ResultsTable({ model, id, caption, regionLabel, scrollHint, riderHref, pageHref, detailLabel, openHint }: {
  model: Model;
  /** Unique on the page: scopes the table's style sheet. */
  id: string;
  caption: string;
  regionLabel: string;
  scrollHint: string;
  /** The URL of the page with `rider={entryId}` added to the current filters. */
  riderHref: (entryId: number) => string;
  /** The rider's public page, localized with the base path (`riderPath`); null: none. */
  pageHref: (participantId: number) => string | null;
  /** "Laps and details of {name}": each row's detail button. */
  detailLabel: (name: string) => string;
  /** "Opens the rider's laps and details": the description of every name link. */
  openHint: string;
}) {
  const hintId = `${id}-hint`;
  const html = tableHtml(model, {
    caption,
    classes: { team: css.team, member: css.member, out: css.out, nameCell: css.nameCell, name: css.name, detail: css.detail },
    riderHref,
    pageHref,
    detailLabel,
    hintId,
  });
  return (
    <ScrollFrame label={regionLabel} hint={scrollHint} rowParams={{ rider: 'entry' }}>
      <style>{columnStyles(model, `[data-t="${id}"]`)}</style>
      <span id={hintId} hidden>
        {openHint}
      </span>
      <table className={css.table} data-t={id} data-testid="results-table" data-view={model.view} dangerouslySetInnerHTML={{ __html: html }} />
    </ScrollFrame>
  );
}
