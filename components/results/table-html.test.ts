/** The results table's HTML: every text and attribute escaped, rows and links as the page needs them (issue 25: the rider's page). */
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
    { key: 'position', label: 'Pos.', numeric: true, identity: true, phone: true },
    { key: 'name', label: 'Nom', numeric: false, identity: true, phone: true },
    { key: 'team', label: "L'équipe", numeric: false, identity: false, phone: false },
  ],
  rows: [
    { id: 'e1', kind: 'rider', entryId: 1, participantId: 41, state: 'finished', cells: ['1', '<img src=x onerror=alert(1)>', "O'Neal & Sons"] },
    { id: 'e2', kind: 'rider', entryId: 2, participantId: null, state: 'DNF', cells: ['DNF', "Zoë 'Z' Ünal", '"Quoted"'] },
  ],
};

const classes = { team: 't', member: 'm', out: 'o', nameCell: 'nc', name: 'n', detail: 'd' };

describe('tableHtml', () => {
  const html = tableHtml(model, {
    caption: 'Results <of> race',
    classes,
    riderHref: (id) => `?q='x'&rider=${id}`,
    pageHref: (id) => `/ll/fr/riders/${id}`,
    detailLabel: (name) => `Tours et détails de ${name}`,
    hintId: 'h',
  });

  it('escapes every text and attribute value', () => {
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('O&apos;Neal &amp; Sons');
    expect(html).toContain("href='?q=&apos;x&apos;&amp;rider=1'");
    expect(html).toContain('Results &lt;of&gt; race');
    expect(html).toContain("aria-label='Tours et détails de Zoë &apos;Z&apos; Ünal'");
    expect(html).toContain('Zoë'); // UTF-8 kept as is
  });

  it("links each rider's name to their public page, with the detail button beside it", () => {
    expect(count(html, "<th scope='col'")).toBe(3);
    expect(count(html, "data-testid='result-row'")).toBe(2);
    expect(html).toContain("<tr data-testid='result-row' data-entry='1' data-participant='41'>");
    expect(html).toContain("<tr data-testid='result-row' data-entry='2' class='o'>");
    expect(html).toContain(
      "<th scope='row'><span class='nc'><a class='n' href='/ll/fr/riders/41' data-testid='rider-link'>&lt;img src=x onerror=alert(1)&gt;</a>" +
        "<a class='d' href='?q=&apos;x&apos;&amp;rider=1' aria-label='Tours et détails de &lt;img src=x onerror=alert(1)&gt;' aria-describedby='h' data-testid='rider-detail'></a></span><td>O&apos;Neal &amp; Sons<tr ",
    );
    // No participant record: the name is plain text, the detail button stays.
    expect(html).toContain("<span class='n'>Zoë &apos;Z&apos; Ünal</span><a class='d' href='?q=&apos;x&apos;&amp;rider=2'");
    expect(count(html, "data-testid='rider-link'")).toBe(1);
    expect(count(html, "data-testid='rider-detail'")).toBe(2);
  });
});

/** Occurrences of `needle` in `text`. */
function count(text: string, needle: string) {
  return text.split(needle).length - 1;
}
