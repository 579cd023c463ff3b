/**
 * Downloads of a results table (spec §2 race results): CSV (UTF-8 with a byte-order mark so
 * a spreadsheet opens accents correctly, header in the page's language, the visible columns
 * and rows of the table) and JSON (the same rows, cells keyed by column).
 */
import 'server-only';
import { toCsv } from '../http/csv';
import type { RaceView } from '../../contracts/results';
import { fileSlug } from '../../format';
import type { ResultsTable } from './results-table';

export interface ExportFile {
  fileName: string;
  contentType: string;
  body: string;
}

/**
 * The table as a file: `csv` = BOM + header row + one line per table row (teams and their
 * riders in table order), CRLF line ends; `json` = `{ race, view, selected, columns, rows }`.
 */
export function exportResultsTable(race: RaceView, table: ResultsTable, format: 'csv' | 'json'): ExportFile {
  const suffix = table.selected ? `${table.view}-${table.selected}` : table.view;
  const base = fileSlug([race.event.name, race.name, suffix], 'results');
  if (format === 'csv') {
    const body = toCsv([table.columns.map((c) => c.label), ...table.rows.map((r) => r.cells)]);
    return { fileName: `${base}.csv`, contentType: 'text/csv; charset=utf-8', body };
  }
  const body = JSON.stringify(
    {
      race: { id: race.id, name: race.name, event: race.event },
      view: table.view,
      selected: table.selected,
      columns: table.columns.map((c) => ({ key: c.key, label: c.label })),
      rows: table.rows.map((r) => ({
        kind: r.kind,
        entryId: r.entryId,
        state: r.state,
        cells: Object.fromEntries(table.columns.map((c, i) => [c.key, r.cells[i]])),
      })),
    },
    null,
    2,
  );
  return { fileName: `${base}.json`, contentType: 'application/json; charset=utf-8', body };
}
