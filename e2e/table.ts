import type { Locator } from '@playwright/test';

/**
 * The cell of `row` in the column `column` (a results-table column key): the table's header
 * cells carry the keys (`data-column`), body cells only their text, so the cell is found by
 * the column's place.
 */
export async function cell(row: Locator, column: string): Promise<Locator> {
  const headers = row.first().locator('xpath=ancestor::table[1]/thead//th');
  await headers.first().waitFor();
  const keys = await headers.evaluateAll((ths) => ths.map((th) => th.getAttribute('data-column')));
  const i = keys.indexOf(column);
  if (i < 0) throw new Error(`no column ${column} in ${keys.join(', ')}`);
  return row.locator(`:scope > :nth-child(${i + 1})`);
}
