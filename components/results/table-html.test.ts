/** The results table's HTML: every text and attribute escaped, rows and links as the page needs them. */
import { describe, expect, it } from 'vitest';
import type { ResultsTable } from '@/lib/server/races';
import { tableHtml } from './table-html';

const model: ResultsTable = {
  view: 'overall',
  views: ['overall'],
  brands: [],
  classes: [],
  groups: [],
  selected: null,
  total: 2,
  filtered: false,
  columns: [
    { key: 'position', label: 'Pos.', numeric: true, identity: true },
    { key: 'name', label: 'Nom', numeric: false, identity: true },
    { key: 'team', label: "L'équipe", numeric: false, identity: false },
  ],
  rows: [
    { id: 'e1', kind: 'rider', entryId: 1, state: 'finished', cells: ['1', '<img src=x onerror=alert(1)>', "O'Neal & Sons"] },
    { id: 'e2', kind: 'rider', entryId: 2, state: 'DNF', cells: ['', "Zoë 'Z' Ünal", '"Quoted"'] },
  ],
};

describe('tableHtml', () => {
  const html = tableHtml(model, { caption: 'Results <of> race', classes: { team: 't', member: 'm', out: 'o' }, riderHref: (id) => `?q='x'&rider=${id}`, hintId: 'h' });

  it('escapes every text and attribute value', () => {
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('O&apos;Neal &amp; Sons');
    expect(html).toContain("href='?q=&apos;x&apos;&amp;rider=1'");
    expect(html).toContain('Results &lt;of&gt; race');
    expect(html).toContain('Zoë'); // UTF-8 kept as is
  });

  it('writes a header per column, a row per rider with its name as a link, out-of-race rows marked', () => {
    expect(count(html, "<th scope='col'")).toBe(3);
    expect(count(html, "data-testid='result-row'")).toBe(2);
    expect(html).toContain("<tr data-testid='result-row' data-entry='2' class='o'>");
    expect(html).toContain("<th scope='row'><a href='?q=&apos;x&apos;&amp;rider=1' aria-describedby='h'>&lt;img src=x onerror=alert(1)&gt;</a><td>O&apos;Neal &amp; Sons<tr ");
  });
});

/** Occurrences of `needle` in `text`. */
function count(text: string, needle: string) {
  return text.split(needle).length - 1;
}
