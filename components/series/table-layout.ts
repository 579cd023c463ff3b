/**
 * The column layout style sheets of the series tables (spec §3 Series table; DESIGN.md "Phone
 * first": the identity columns sticky at 390 px): nth-child rules for the sticky offsets, the
 * numeric alignment and the event headers' width, one sheet per distinct layout on a page.
 */
import type { SeriesTableModel } from './standings-model';

/** Widths of the fixed sticky columns (their left offsets add up): room for "Pos.", "NC", "123", "No.", "N.º", "1234". */
const WIDTH_REM: Partial<Record<string, number>> = { position: 3.25, number: 3.25 };

/** The table's own style sheet: sticky identity columns with their offsets, numbers right-aligned, event headers narrow. */
export function columnStyles(model: SeriesTableModel, scope: string): string {
  const cell = (i: number) => `${scope} tr>:nth-child(${i + 1})`;
  const body = (i: number) => `${scope} tbody tr>:nth-child(${i + 1})`;
  const head = (i: number) => `${scope} thead tr>:nth-child(${i + 1})`;
  const rules: string[] = [];
  let left = 0;
  for (let i = 0; i < model.sticky; i++) {
    const width = WIDTH_REM[model.columns[i].key];
    if (width === undefined || i === model.sticky - 1) {
      rules.push(`${cell(i)}{position:sticky;left:${left}rem;z-index:1;box-shadow:4px 0 4px -2px rgba(0,0,0,.12)}`);
      break;
    }
    rules.push(`${cell(i)}{position:sticky;left:${left}rem;z-index:1;min-width:${width}rem;max-width:${width}rem;padding-left:8px;padding-right:8px;overflow:hidden;text-overflow:ellipsis}${head(i)}{white-space:normal;hyphens:auto;font-size:.75rem;line-height:1.2}`);
    left += width;
  }
  const name = model.nameColumn;
  // A long name wraps to a second line on a phone, never a third; on a wide screen it stays on one line.
  rules.push(`${body(name)}{white-space:normal;overflow-wrap:break-word;min-width:10.5rem;max-width:12rem}${body(name)}>*{display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;line-clamp:2;overflow:hidden}`);
  rules.push(`@media(min-width:900px){${body(name)}{white-space:nowrap;max-width:18rem;overflow:hidden;text-overflow:ellipsis}${body(name)}>*{display:inline}}`);
  const numeric = model.columns.flatMap((c, i) => (c.numeric ? [cell(i)] : []));
  if (numeric.length) rules.push(`${numeric.join(',')}{text-align:right}`);
  const events = model.columns.flatMap((c, i) => (c.detail !== undefined ? [head(i)] : []));
  if (events.length) rules.push(`${events.join(',')}{white-space:normal;min-width:4.25rem;max-width:7.5rem;text-align:right}`);
  const wide = model.columns.flatMap((c, i) => (['club', 'brand', 'city', 'class', 'group'].includes(c.key) ? [body(i)] : []));
  if (wide.length) rules.push(`${wide.join(',')}{max-width:12rem;overflow:hidden;text-overflow:ellipsis}`);
  rules.push(`${scope} thead tr>*{position:sticky;top:0;z-index:2}${scope} thead tr>:nth-child(-n+${Math.max(model.sticky, 1)}){z-index:3}`);
  return rules.join('');
}

/** FNV-1a of `text`, in base 36: a short name for a column layout. */
function layoutHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/**
 * The column layouts of a page's tables: `keys[i]` names the layout of `models[i]` (its tables
 * carry it as `data-l`), `css` is every distinct layout's style sheet once (the page renders it
 * once, before the tables: issue 23, ten class tables sent one sheet rather than ten).
 */
export function tableLayouts(models: readonly SeriesTableModel[]): { keys: string[]; css: string } {
  const sheets = new Map<string, string>();
  const keys = models.map((model) => {
    const template = columnStyles(model, '\u0000');
    const key = layoutHash(template);
    if (!sheets.has(key)) sheets.set(key, template.replaceAll('\u0000', `[data-l="${key}"]`));
    return key;
  });
  return { keys, css: [...sheets.values()].join('') };
}

