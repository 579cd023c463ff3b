/** Importing into a real database: all or nothing, adding to an existing event. */
import fs from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedDb } from '../../lib/server/db/embedded';
import { startTestDatabase, stopTestDatabase } from './setup';

let embedded: EmbeddedDb | undefined;
beforeAll(async () => {
  embedded = await startTestDatabase();
});
afterAll(() => stopTestDatabase(embedded));

const real = (p: string) => fs.readFileSync(path.resolve('data/real', p), 'utf8');

async function counts() {
  const { getDb } = await import('../../lib/server/db');
  const s = await import('../../lib/server/db/schema');
  const db = getDb();
  const n = async (t: typeof s.events | typeof s.races | typeof s.entries | typeof s.passings | typeof s.results | typeof s.imports) =>
    (await db.select({ n: count() }).from(t))[0].n;
  return { events: await n(s.events), races: await n(s.races), entries: await n(s.entries), passings: await n(s.passings), results: await n(s.results), imports: await n(s.imports) };
}

describe('importResultsFile', () => {
  it('seeded every real file once; a second seed adds nothing', async () => {
    const { getDb } = await import('../../lib/server/db');
    const { seedDatabase } = await import('../../lib/server/seed');
    const before = await counts();
    expect(before).toMatchObject({ events: 4, races: 5, imports: 5 });
    await seedDatabase(getDb(), 1, () => {});
    expect(await counts()).toEqual(before);
  });

  it('writes nothing of a truncated file and names the line and field', async () => {
    const { getDb } = await import('../../lib/server/db');
    const { importResultsFile, ImportError } = await import('../../lib/server/import');
    const before = await counts();
    const text = real('rmonitor/orbits-mock-session.txt');
    const cut = text.slice(0, text.lastIndexOf('$J,"3"') + 12);
    const err = await importResultsFile(getDb(), 'cut.txt', cut, { promoterUserId: 1, startDate: '2026-01-01' }).catch((e) => e);
    expect(err).toBeInstanceOf(ImportError);
    expect(err.line).toBe(cut.split('\n').length);
    expect(await counts()).toEqual(before);
  });

  it('rolls back when the database refuses part of a file', async () => {
    const { getDb } = await import('../../lib/server/db');
    const { parseResultsFile } = await import('../../lib/server/import/parse');
    const { writeImportedEvent } = await import('../../lib/server/import/write');
    const before = await counts();
    const parsed = parseResultsFile('orbits.txt', real('rmonitor/orbits-mock-session.txt'));
    // Two entries with the same key violate the (race, key) unique index after the event and race were written.
    parsed.races[0].entries.push({ ...parsed.races[0].entries[0] });
    await expect(writeImportedEvent(getDb(), parsed, { promoterUserId: 1, startDate: '2026-01-01' })).rejects.toThrow();
    expect(await counts()).toEqual(before);
  });

  it('refuses an unknown promoter or event and a file without a date', async () => {
    const { getDb } = await import('../../lib/server/db');
    const { importResultsFile, ImportTargetError } = await import('../../lib/server/import');
    const text = real('supercross/2017-las-vegas-450sx-main-live-timing.json');
    await expect(importResultsFile(getDb(), 'lv.json', text, { promoterUserId: 77, startDate: '2017-05-06' })).rejects.toBeInstanceOf(ImportTargetError);
    await expect(importResultsFile(getDb(), 'lv.json', text, { promoterUserId: 1, eventId: 999 })).rejects.toThrow('The provided event id is invalid');
    await expect(importResultsFile(getDb(), 'lv.json', text, { promoterUserId: 1 })).rejects.toThrow(/--date/);
  });

  it('adds a file’s races to an existing event', async () => {
    const { getDb } = await import('../../lib/server/db');
    const { importResultsFile } = await import('../../lib/server/import');
    const { races, events } = await import('../../lib/server/db/schema');
    const [pine] = await getDb().select({ id: events.id }).from(events).where(eq(events.name, 'Pine Hill Enduro'));
    const summary = await importResultsFile(getDb(), 'lv.json', real('supercross/2017-las-vegas-450sx-main-live-timing.json'), { promoterUserId: 1, eventId: pine.id });
    expect(summary).toMatchObject({ eventId: pine.id, entries: 22 });
    const list = await getDb().select({ name: races.name, sortOrder: races.sortOrder }).from(races).where(eq(races.eventId, pine.id));
    expect(list.map((r) => r.name)).toEqual(['Team Enduro Results', '450SX LCQ (20min + 1 Lap)']);
  });
});
