/**
 * The results table on the real, imported files (seeded test database): every view shows
 * each row's name, filters narrow it, and the CSV/JSON downloads hold the table's rows.
 */
import { parse } from 'csv-parse/sync';
import { ilike } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase, type TestDatabase } from '../../../tests/integration/setup';
import type { ResultsQuery } from '../../contracts/results';
import { getDb } from '../db';
import { races } from '../db/schema';
import { exportResultsTable } from './export-results';
import { getRace, toRaceView } from './get-race';
import { getRaceResults, getRaceTeams } from './get-race-results';
import { buildResultsTable } from './results-table';
import { tableLabels } from './table-labels';

let database: TestDatabase;
beforeAll(async () => {
  database = await useTestDatabase('seeded');
});
afterAll(() => database.drop());

async function table(nameLike: string, query: ResultsQuery = {}, locale: 'en' | 'fr' = 'en') {
  const [row] = await getDb().select({ id: races.id }).from(races).where(ilike(races.name, nameLike));
  const race = toRaceView((await getRace(row.id))!);
  const [results, teams, labels] = await Promise.all([getRaceResults(race.id), getRaceTeams(race.id), tableLabels(locale)]);
  return { race, results, model: buildResultsTable(race, results, teams, query, labels) };
}

const col = (model: Awaited<ReturnType<typeof table>>['model'], key: string) => model.columns.findIndex((c) => c.key === key);

describe('Pine Hill team enduro', () => {
  it('opens on the teams, each team row named and followed by its named riders', async () => {
    const { model, results } = await table('%Team Enduro%');
    expect(model.view).toBe('team');
    // 'group': the seed puts the classes the federation shares with ECEA (AA, A 250 …) in its Enduro group.
    expect(model.views).toEqual(['team', 'overall', 'class', 'group']);
    const team = col(model, 'team');
    expect(model.columns[team].identity).toBe(true);
    const teamRows = model.rows.filter((r) => r.kind === 'team');
    expect(teamRows.length).toBe(20);
    for (const r of model.rows) expect(r.cells[team]).not.toBe('');
    expect(model.rows.filter((r) => r.kind === 'member').length).toBe(results.length);
    // The winning team first; a DNF team unplaced, after the placed ones, its state in place of a number.
    expect(model.columns[0].key).toBe('position');
    expect(teamRows[0].cells[col(model, 'position')]).toBe('1');
    expect(teamRows.map((r) => r.cells[0])).toEqual([...Array.from({ length: 12 }, (_, i) => String(i + 1)), ...Array<string>(8).fill('DNF')]);
  });

  it('says where the office’s team total is not its riders’ sum, and keeps the office’s total', async () => {
    const { model } = await table('Team Enduro Results');
    const points = col(model, 'points');
    const first = model.rows[0];
    // OCCR - SAND BLASTERS: 205 as printed by the office; its five riders' points add up to 202.
    expect(first.cells[col(model, 'team')]).toBe('OCCR - SAND BLASTERS');
    expect(first.cells[points]).toBe('205');
    expect(first.note).toBe("Team total as scored by the office: its riders' points add up to 202.");
    const french = (await table('Team Enduro Results', {}, 'fr')).model.rows[0];
    expect(french.note).toBe('Total d’équipe tel que compté par le bureau de pointage : les points de ses pilotes totalisent 202.');
    // A team whose total is its riders' sum carries no note.
    for (const row of model.rows.filter((r) => r.kind === 'team' && !r.note)) {
      const members = model.rows.slice(model.rows.indexOf(row) + 1);
      const riders = members.slice(0, Math.max(0, members.findIndex((r) => r.kind === 'team')) || members.length);
      const sum = riders.reduce((s, r) => s + (Number(r.cells[points]) || 0), 0);
      if (row.cells[points] !== '' && riders.some((r) => r.cells[points] !== '')) expect(Number(row.cells[points])).toBe(sum);
    }
  });

  it('a text search keeps the matching riders under their team', async () => {
    const { model } = await table('%Team Enduro%', { q: 'canavan' });
    expect(model.filtered).toBe(true);
    const members = model.rows.filter((r) => r.kind === 'member');
    expect(members.length).toBeGreaterThan(0);
    expect(members.every((r) => /canavan/i.test(r.cells[col(model, 'team')]))).toBe(true);
    expect(model.rows.filter((r) => r.kind === 'team').length).toBe(1);
  });

  it('by class: riders of one class by their place, the class column dropped', async () => {
    const { model } = await table('%Team Enduro%', { view: 'class', class: 'AA' });
    expect(model.selected).toBe('AA');
    expect(model.columns[0].key).toBe('classPosition');
    expect(col(model, 'class')).toBe(-1);
    // The overall position (ranked on reading: the ECEA file gives places in class only) as a further column.
    expect(model.columns[col(model, 'position')].label).toBe('Overall');
    const cells = model.rows.map((r) => r.cells[0]);
    const placed = cells.filter((c) => /^\d+$/.test(c)).map(Number);
    // In class order, as the scoring office placed them (its file skips a place here and there).
    expect(placed).toEqual([...placed].sort((a, b) => a - b));
    // The unplaced (DNS: the ECEA's place 9999) after the placed ones, their state in place of a number.
    expect(cells.slice(placed.length).every((c) => c === 'DNS')).toBe(true);
  });

  it('overall: every rider numbered in the enduro order (more checks, then fewer points), the DNS riders last with their state', async () => {
    const { model, results } = await table('%Team Enduro%', { view: 'overall' }, 'fr');
    expect(model.columns.slice(0, 3).map((c) => c.key)).toEqual(['position', 'row', 'name']);
    expect(model.rows).toHaveLength(100);
    const byEntry = new Map(results.map((r) => [r.entryId, r]));
    const rows = model.rows.map((r) => byEntry.get(r.entryId!)!);
    const placed = model.rows.filter((r) => /^\d+$/.test(r.cells[0]));
    expect(placed.map((r) => Number(r.cells[0]))).toEqual(Array.from({ length: 98 }, (_, i) => i + 1));
    expect(model.rows.slice(98).map((r) => r.cells[0])).toEqual(['N.P.', 'N.P.']);
    for (let i = 1; i < 98; i++) {
      const [a, b] = [rows[i - 1], rows[i]];
      expect((a.checkpoints ?? 0) > (b.checkpoints ?? 0) || ((a.checkpoints ?? 0) === (b.checkpoints ?? 0) && (a.points ?? 0) <= (b.points ?? 0)), `rows ${i} and ${i + 1}`).toBe(true);
    }
    // Every rider links to their public page (their participant record).
    expect(model.rows.every((r) => typeof r.participantId === 'number' && r.participantId > 0)).toBe(true);
    // A phone shows position, row, name, checks and points.
    expect(model.columns.filter((c) => c.phone).map((c) => c.key)).toEqual(['position', 'row', 'name', 'checkpoints', 'points']);
    expect(model.columns.slice(0, 5).map((c) => c.key)).toEqual(['position', 'row', 'name', 'checkpoints', 'points']);
  });
});

describe('Las Vegas supercross', () => {
  it('keeps section times out of the table and reads a lapped gap in laps', async () => {
    const { model } = await table('450SX%');
    expect(model.view).toBe('overall');
    expect(col(model, 'sections')).toBe(-1);
    expect(model.rows.length).toBe(22);
    expect(model.columns.slice(0, 3).map((c) => c.key)).toEqual(['position', 'number', 'name']);
    expect(model.rows.every((r) => r.cells[col(model, 'name')] !== '')).toBe(true);
    expect(model.rows.some((r) => /^\+1 lap$/.test(r.cells[col(model, 'gap')]))).toBe(true);
    expect(model.rows.map((r) => r.cells[0])).toEqual(Array.from({ length: 22 }, (_, i) => String(i + 1)));
    // A phone shows position, number, name, gap and best lap first; brand, team, city, laps … scroll after them.
    expect(model.columns.filter((c) => c.phone).map((c) => c.key)).toEqual(['position', 'number', 'name', 'gap', 'bestLap']);
    expect(model.columns.slice(0, 5).map((c) => c.key)).toEqual(['position', 'number', 'name', 'gap', 'bestLap']);
  });

  it('filters by text (accents and case ignored), brand and participant; nothing matching is an empty table', async () => {
    expect((await table('450SX%', { q: 'TOMAC' })).model.rows.map((r) => r.cells[2])).toEqual(['Eli Tomac']);
    const byBrand = await table('450SX%', { brand: 'Kawasaki KX 450F' });
    expect(byBrand.model.rows.length).toBeGreaterThan(0);
    expect(byBrand.model.rows.length).toBeLessThan(22);
    expect(byBrand.model.rows.every((r) => r.cells[col(byBrand.model, 'brand')] === 'Kawasaki KX 450F')).toBe(true);
    const one = byBrand.results[3];
    expect((await table('450SX%', { participant: one.entryId })).model.rows.map((r) => r.entryId)).toEqual([one.entryId]);
    const none = await table('450SX%', { q: 'zzzz' });
    expect(none.model.rows).toEqual([]);
    expect(none.model.total).toBe(22);
  });

  it('downloads as CSV with a BOM, French headers and exactly the rows of the table', async () => {
    const { race, model } = await table('450SX%', { q: 'an' }, 'fr');
    const file = exportResultsTable(race, model, 'csv');
    expect(file.body.startsWith('\uFEFF')).toBe(true);
    expect(file.fileName).toMatch(/\.csv$/);
    const rows: string[][] = parse(file.body, { bom: true });
    expect(rows[0]).toEqual(model.columns.map((c) => c.label));
    expect(rows[0]).toContain('Nom');
    expect(rows.slice(1)).toEqual(model.rows.map((r) => r.cells));
    const json = JSON.parse(exportResultsTable(race, model, 'json').body);
    expect(json.rows.map((r: { cells: Record<string, string> }) => r.cells.name)).toEqual(model.rows.map((r) => r.cells[col(model, 'name')]));
  });
});

describe('Sebring (RMonitor, several classes)', () => {
  it('offers the class view and ranks the class by its own positions', async () => {
    const all = await getDb().select({ id: races.id, config: races.config }).from(races);
    const multi = all.find((r) => r.config.classes.length > 1 && r.config.columns.includes('laps'));
    expect(multi).toBeDefined();
    const race = toRaceView((await getRace(multi!.id))!);
    const model = buildResultsTable(race, await getRaceResults(race.id), [], { view: 'class' }, await tableLabels('en'));
    expect(model.view).toBe('class');
    expect(model.columns.map((c) => c.key)).toContain('position');
    expect(model.rows.every((r) => r.cells[model.columns.findIndex((c) => c.key === 'name')] !== '')).toBe(true);
  });
});

describe('class groups (assigned after the import)', () => {
  it('offers the group view with places ranked within each group by the race’s rules', async () => {
    const { classGroups, classes } = await import('../db/schema');
    const { inArray } = await import('drizzle-orm');
    const [group] = await getDb().insert(classGroups).values({ name: 'Pro' }).returning({ id: classGroups.id });
    await getDb().update(classes).set({ classGroupId: group.id }).where(inArray(classes.name, ['AA', 'A 250']));
    const { model } = await table('%Team Enduro%', { view: 'group', group: 'Pro' });
    expect(model.views).toContain('group');
    expect(model.selected).toBe('Pro');
    expect(model.columns[0].key).toBe('groupPosition');
    const places = model.rows.map((r) => r.cells[0]).filter(Boolean).map(Number);
    expect(places.length).toBeGreaterThan(1);
    expect(places).toEqual(places.map((_, i) => i + 1));
    const classCol = model.columns.findIndex((c) => c.key === 'class');
    expect(new Set(model.rows.map((r) => r.cells[classCol]))).toEqual(new Set(['AA', 'A 250']));
  });
});
