/** The series tables built from a standings reply: split by class, order, drops, unclassified, event filter; and their HTML. */
import { describe, expect, it } from 'vitest';
import type { EventScore, SeriesResultRow, SeriesResults } from '@/lib/contracts/series';
import { seriesTableHtml } from './series-table-html';
import { clubTable, riderTables, shownEvents, teamTable, type StandingLabels } from './standings-model';

const labels: StandingLabels = {
  position: { class: 'Class pos.', overall: 'Overall', group: 'Group pos.' },
  number: 'No.',
  name: 'Rider',
  class: 'Class',
  group: 'Class group',
  brand: 'Brand',
  city: 'Hometown',
  eventsScored: 'Events',
  total: 'Total',
  team: 'Team',
  club: 'Club',
  emergencyPoints: 'Emergency points',
  round: (n) => `R${n}`,
  notClassifiedShort: 'NC',
  formerMember: 'Former member',
  noClass: 'Without a class',
  noGroup: 'Without a class group',
};

const events = [
  { id: 11, name: 'Pins', startDate: '2026-05-16', held: true, round: 1 },
  { id: 12, name: 'Renfrew', startDate: '2026-06-20', held: true, round: 2 },
  { id: 13, name: 'Valley Ridge', startDate: '2026-09-12', held: true, round: 3 },
];

const score = (points: number | null, drop = false): EventScore => ({ points, position: null, drop });

/** A rider with class points per event (null: absent), the same points overall. */
function rider(key: string, className: string, classPos: number | null, overallPos: number | null, points: (number | null)[], drops: number[] = []): SeriesResultRow {
  const total = points.reduce<number>((s, p, i) => s + (p !== null && !drops.includes(i) ? p : 0), 0);
  return {
    riderKey: key,
    participantId: 1,
    number: key.slice(1),
    firstName: key.toUpperCase(),
    lastName: 'Rider',
    city: 'Arnprior',
    state: 'ON',
    brand: 'KTM',
    className,
    classGroup: 'Motocross',
    overall: { position: overallPos, points: total },
    class: { position: classPos, points: total },
    group: { position: overallPos, points: total },
    eventsScored: points.filter((p) => p !== null).length,
    classified: classPos !== null,
    events: points.map((p, i) => (p === null ? null : { eventId: events[i].id, raceName: events[i].name, overall: score(p, drops.includes(i)), class: score(p, drops.includes(i)), group: score(p, drops.includes(i)) })),
  };
}

const results: SeriesResults = {
  series: { id: 1, name: 'Cup', seriesType: 'overall' },
  events,
  data: [
    rider('a1', 'Open Pro', 1, 1, [50, 47, 44], [2]),
    rider('b2', 'Women', 1, 3, [40, 40, null]),
    rider('c3', 'Open Pro', 2, 2, [44, 50, 25], [2]),
    rider('d4', 'Open Pro', null, null, [null, null, 30]),
  ],
  meta: { page: 1, lastPage: 1, totalItems: 4, pageCount: 4 },
  teams: [
    { name: 'DER - #1', club: 'DER', position: 1, points: 30, emergencyPoints: 12, events: [{ eventId: 11, points: 30, emergencyPoints: 12, place: 1 }, null, null] },
    { name: 'CJCR - #1', club: 'CJCR', position: 2, points: 0, emergencyPoints: 20, events: [{ eventId: 11, points: 0, emergencyPoints: 20, place: null }, null, null] },
  ],
  clubs: [{ club: 'DER', position: 1, points: 30, emergencyPoints: 12, events: [{ eventId: 11, points: 30, team: 'DER - #1' }, null, null] }],
};

describe('riderTables', () => {
  it('splits the class standings into a table per class, in the series’ class order, classified riders by position then the others', () => {
    const tables = riderTables(results, { scope: 'class', split: true, order: ['Women', 'Open Pro'], labels });
    expect(tables.map((t) => t.heading)).toEqual(['Women', 'Open Pro']);
    const pro = tables[1];
    expect(pro.rows.map((r) => r.season?.key)).toEqual(['a1', 'c3']);
    expect(pro.unclassified.map((r) => r.season?.key)).toEqual(['d4']);
    expect(pro.unclassified[0].cells[0]).toBe('NC');
    // No class column in a table of one class; position, number, name stay sticky.
    expect(pro.columns.map((c) => c.key)).toEqual(['position', 'number', 'name', 'brand', 'city', 'event', 'event', 'event', 'eventsScored', 'total']);
    expect(pro.sticky).toBe(3);
    expect(pro.columns[5]).toMatchObject({ label: 'R1', detail: 'Pins' });
  });

  it('marks drop scores and the events a rider did not score at', () => {
    const [table] = riderTables(results, { scope: 'overall', split: true, order: [], labels });
    expect(table.heading).toBeNull();
    expect(table.rows.map((r) => r.season?.key)).toEqual(['a1', 'c3', 'b2']);
    const a1 = table.rows[0].cells;
    const first = table.columns.findIndex((c) => c.key === 'event');
    expect(a1.slice(first, first + 3)).toEqual(['50', '47', { text: '44', drop: true }]);
    expect(a1.at(-1)).toBe('97');
    expect(table.rows[2].cells[first + 2]).toBe('–');
    expect(a1[table.columns.findIndex((c) => c.key === 'class')]).toBe('Open Pro');
  });

  it('names a closed account’s record "Former member" and keeps its points and place (issue 29)', () => {
    const closed = { ...results, data: results.data.map((r) => (r.riderKey === 'c3' ? { ...r, firstName: '', lastName: '' } : r)) };
    const [pro] = riderTables(closed, { scope: 'class', split: true, order: ['Open Pro', 'Women'], labels });
    const row = pro.rows.find((r) => r.cells[1] === '3')!;
    expect(row.cells.slice(0, 3)).toEqual(['2', '3', 'Former member']);
  });

  it('shows only the chosen event’s column', () => {
    expect(shownEvents(events, 12).map((e) => e.index)).toEqual([1]);
    expect(shownEvents(events, 99)).toHaveLength(3);
    const [table] = riderTables(results, { scope: 'overall', split: false, eventId: 12, order: [], labels });
    expect(table.columns.filter((c) => c.key === 'event').map((c) => c.detail)).toEqual(['Renfrew']);
    expect(table.rows[0].cells[table.columns.findIndex((c) => c.key === 'event')]).toBe('47');
  });
});

describe('team and club tables', () => {
  it('lists teams with their club, points per event, total and emergency points', () => {
    const table = teamTable(results.teams!, events, labels);
    expect(table.sticky).toBe(2);
    expect(table.rows.map((r) => r.cells)).toEqual([
      ['1', 'DER - #1', 'DER', '30', '–', '–', '30', '12'],
      ['2', 'CJCR - #1', 'CJCR', '0', '–', '–', '0', '20'],
    ]);
    expect(clubTable(results.clubs!, events, labels).rows[0].cells).toEqual(['1', 'DER', '30', '–', '–', '30', '12']);
  });
});

describe('seriesTableHtml', () => {
  const [table] = riderTables(results, { scope: 'class', split: false, order: [], labels });
  const html = seriesTableHtml(
    { ...table, rows: [{ ...table.rows[0], cells: table.rows[0].cells.map((c, i) => (i === 2 ? `<img src=x onerror=alert(1)>` : c)) }, ...table.rows.slice(1)] },
    {
      caption: 'Standings <of> cup',
      seasonHref: (key, cls) => `?season=${key}&seasonClass=${cls}&q='x'`,
      hintId: 'h',
      drop: 'drop',
      unclassified: 'Not classified',
      classes: { drop: 'd', sep: 's', out: 'o', round: 'r', event: 'e' },
    },
  );

  it('escapes text and attributes', () => {
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('Standings &lt;of&gt; cup');
    expect(html).toContain("seasonClass=Open Pro&amp;q=&apos;x&apos;");
  });

  it('strikes a drop through and says "drop" to screen readers', () => {
    expect(html).toContain("<td class='d'><s>44</s><span class='visually-hidden'> drop</span>");
  });

  it('links each name to the rider’s season and lists the unclassified riders after a line saying so', () => {
    expect(html).toContain("data-season='c3' data-class='Open Pro'");
    expect(html).toMatch(/<th scope='row'><a href='\?season=c3&amp;seasonClass=Open Pro[^']*' aria-describedby='h'>C3 Rider<\/a>/);
    expect(html).toMatch(/<tr class='s' data-testid='unclassified'><td colspan='\d+'>Not classified<tr data-testid='series-row' data-season='d4'/);
    expect(html).toContain("<th scope='col' data-column='event'><span class='r'>R1</span> <span class='e'>Pins</span></th>");
  });
});

describe('tableLayouts', () => {
  it('writes one style sheet for class tables of the same columns, another for a table of other columns', async () => {
    const { tableLayouts } = await import('./table-layout');
    const classes = riderTables(results, { scope: 'class', split: true, order: ['Women', 'Open Pro'], labels });
    expect(classes.length).toBe(2);
    const shared = tableLayouts(classes);
    expect(shared.keys[0]).toBe(shared.keys[1]);
    expect(shared.css.match(/thead tr>\*\{position:sticky/g)).toHaveLength(1);
    expect(shared.css).toContain(`[data-l="${shared.keys[0]}"] tr>:nth-child(1){position:sticky`);

    const mixed = tableLayouts([...classes, teamTable(results.teams!, events, labels)]);
    expect(mixed.keys[2]).not.toBe(mixed.keys[0]);
    expect(mixed.css.match(/thead tr>\*\{position:sticky/g)).toHaveLength(2);
  });
});
