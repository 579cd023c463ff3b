/**
 * Printing for officials on the real, imported races (spec §2 print routes, §5 Race printing,
 * §6 Race display): every rider of each race on its sheet, the class sections, the language of
 * the headers, the team sheet, further races of the same event (and the reasons one cannot be
 * printed), the provisional/official stamp, and the selection page's choices.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintOptions, PrintPart } from '../../lib/server/print';
import { useTestDatabase, type TestDatabase } from './setup';

let database: TestDatabase;
beforeAll(async () => {
  database = await useTestDatabase('seeded');
});
afterAll(() => database.drop());

const db = async () => (await import('../../lib/server/db')).getDb();
const schema = () => import('../../lib/server/db/schema');
const print = () => import('../../lib/server/print');
const racesModule = () => import('../../lib/server/races');

const OVERALL: PrintOptions = { mode: 'overall', classes: [], breakClasses: false };
const SEBRING_EVENT = 3;
const PINE_HILL_EVENT = 2;

async function race(id: number) {
  const found = await (await racesModule()).getRace(id);
  expect(found).not.toBeNull();
  return found!;
}

function sheetOf(part: PrintPart | undefined) {
  expect(part?.kind).toBe('sheet');
  if (part?.kind !== 'sheet') throw new Error('not a sheet');
  return part.sheet;
}

/** Runs `fn` with race `id`'s columns set, then puts them back. */
async function withRace(id: number, set: Record<string, unknown>, fn: () => Promise<void>) {
  const { races } = await schema();
  const d = await db();
  const [before] = await d.select({ isPublic: races.isPublic, liveState: races.liveState, liveUpdatedAt: races.liveUpdatedAt }).from(races).where(eq(races.id, id));
  await d.update(races).set(set).where(eq(races.id, id));
  try {
    await fn();
  } finally {
    await d.update(races).set(before).where(eq(races.id, id));
  }
}

/** Runs `fn` with event `id`'s columns set, then puts them back. */
async function withEvent(id: number, set: { isPublic?: boolean; isComplete?: boolean }, fn: () => Promise<void>) {
  const { events } = await schema();
  const d = await db();
  const [before] = await d.select({ isPublic: events.isPublic, isComplete: events.isComplete }).from(events).where(eq(events.id, id));
  await d.update(events).set(set).where(eq(events.id, id));
  try {
    await fn();
  } finally {
    await d.update(events).set(before).where(eq(events.id, id));
  }
}

describe('getPrintSheets: the real races', () => {
  it.each([1, 2, 3, 4, 5])('race %i by position prints every rider of its results exactly once, in their order', async (id) => {
    const { getPrintSheets } = await print();
    const { getRaceResults } = await racesModule();
    const results = await getRaceResults(id);
    expect(results.length).toBeGreaterThan(0);
    const parts = await getPrintSheets(await race(id), [], OVERALL, 'en');
    expect(parts).toHaveLength(1);
    const sheet = sheetOf(parts[0]);
    expect(sheet.mode).toBe('overall');
    expect(sheet.race.id).toBe(id);
    expect(sheet.sections).toHaveLength(1);
    const rows = sheet.sections[0].rows;
    expect(rows.every((r) => r.kind === 'rider')).toBe(true);
    expect(rows.map((r) => r.entryId)).toEqual(results.map((r) => r.entryId));
    const name = sheet.sections[0].columns.findIndex((c) => c.key === 'name');
    expect(name).toBeGreaterThanOrEqual(0);
    expect(rows.every((r) => r.cells[name] !== '')).toBe(true);
  });

  it('race counts are the ones the seed promises', async () => {
    const { getRaceResults } = await racesModule();
    const counts = await Promise.all([1, 2, 3, 4, 5].map(async (id) => (await getRaceResults(id)).length));
    expect(counts).toEqual([6, 100, 11, 15, 22]);
  });

  it.each([3, 4])('Sebring race %i by class: one section per class, each exactly that class’s riders by place', async (id) => {
    const { getPrintSheets } = await print();
    const { getRaceResults } = await racesModule();
    const info = await race(id);
    const results = await getRaceResults(id);
    const sheet = sheetOf((await getPrintSheets(info, [], { mode: 'classes', classes: [], breakClasses: true }, 'en'))[0]);
    expect(sheet.mode).toBe('classes');
    const present = info.config.classes.filter((c) => results.some((r) => r.className === c));
    expect(present.length).toBeGreaterThan(1);
    expect(sheet.sections.map((s) => s.title)).toEqual(present);
    expect(sheet.sections.map((s) => s.breakBefore)).toEqual(present.map((_, i) => i > 0));
    for (const section of sheet.sections) {
      const own = results.filter((r) => r.className === section.title);
      expect(new Set(section.rows.map((r) => r.entryId))).toEqual(new Set(own.map((r) => r.entryId)));
      expect(section.rows).toHaveLength(own.length);
      const places = section.rows.map((r) => r.cells[0]).filter(Boolean).map(Number);
      expect(section.columns[0].key).toBe('classPosition');
      expect(places).toEqual([...places].sort((a, b) => a - b));
    }
    expect(sheet.missingClasses).toEqual([]);
    expect(sheet.sections.flatMap((s) => s.rows).length).toBe(results.filter((r) => r.className !== null).length);
  });

  it('only the asked classes of a Sebring race; a class of the other race is missing', async () => {
    const { getPrintSheets } = await print();
    const info = await race(3);
    const [last] = info.config.classes.slice(-1);
    const sheet = sheetOf((await getPrintSheets(info, [], { mode: 'classes', classes: [last, 'L1'], breakClasses: false }, 'en'))[0]);
    expect(sheet.sections.map((s) => s.title)).toEqual([last]);
    expect(sheet.missingClasses).toEqual(['L1']);
  });

  it('race 5 has no classes: by class it prints every rider by position', async () => {
    const { getPrintSheets } = await print();
    const sheet = sheetOf((await getPrintSheets(await race(5), [], { mode: 'classes', classes: [], breakClasses: true }, 'en'))[0]);
    expect(sheet.mode).toBe('overall');
    expect(sheet.sections).toHaveLength(1);
    expect(sheet.sections[0].rows).toHaveLength(22);
  });

  it('prints the headers in the asked language: French differs from English', async () => {
    const { getPrintSheets } = await print();
    const info = await race(3);
    const en = sheetOf((await getPrintSheets(info, [], OVERALL, 'en'))[0]);
    const fr = sheetOf((await getPrintSheets(info, [], OVERALL, 'fr'))[0]);
    expect(fr.sections[0].columns.map((c) => c.key)).toEqual(en.sections[0].columns.map((c) => c.key));
    expect(fr.sections[0].columns.map((c) => c.label)).not.toEqual(en.sections[0].columns.map((c) => c.label));
    const label = (sheet: typeof en, key: string) => sheet.sections[0].columns.find((c) => c.key === key)?.label;
    expect(label(en, 'name')).toBe('Name');
    expect(label(fr, 'name')).toBe('Nom');
    // Same rows; the state column reads in French.
    expect(fr.sections[0].rows.map((r) => r.entryId)).toEqual(en.sections[0].rows.map((r) => r.entryId));
    const classes = sheetOf((await getPrintSheets(info, [], { mode: 'classes', classes: [], breakClasses: false }, 'fr'))[0]);
    expect(classes.sections[0].columns.find((c) => c.key === 'position')?.label).not.toBe('Overall');
  });

  it('race 2 by team lists every team, each followed by its riders, and every rider once', async () => {
    const { getPrintSheets } = await print();
    const { getRaceResults, getRaceTeams } = await racesModule();
    const [results, teams] = await Promise.all([getRaceResults(2), getRaceTeams(2)]);
    expect(teams.length).toBe(20);
    const sheet = sheetOf((await getPrintSheets(await race(2), [], { mode: 'team', classes: [], breakClasses: false }, 'en'))[0]);
    expect(sheet.mode).toBe('team');
    expect(sheet.sections).toHaveLength(1);
    const rows = sheet.sections[0].rows;
    expect(rows.filter((r) => r.kind === 'team').map((r) => r.id)).toEqual(teams.map((t) => `t${t.id}`));
    const members = rows.filter((r) => r.kind === 'member').map((r) => r.entryId);
    expect(members).toHaveLength(results.length);
    expect(new Set(members)).toEqual(new Set(results.map((r) => r.entryId)));
    // Each rider sits under their own team.
    const teamOf = new Map(results.map((r) => [r.entryId, r.teamId]));
    let current: string | null = null;
    for (const row of rows) {
      if (row.kind === 'team') current = row.id;
      else expect(`t${teamOf.get(row.entryId!)}`).toBe(current);
    }
    expect(rows[0].kind).toBe('team');
  });

  it('chooses the orientation from the columns: race 1 portrait, Sebring and Las Vegas (10+ columns) landscape', async () => {
    const { getPrintSheets, sheetOrientation } = await print();
    const sheets = async (id: number) => (await getPrintSheets(await race(id), [], OVERALL, 'en')).map(sheetOf);
    const [one, three, five] = await Promise.all([sheets(1), sheets(3), sheets(5)]);
    expect(sheetOrientation(one, 'letter')).toBe('portrait');
    expect(sheetOrientation(one, 'a4')).toBe('portrait');
    expect(sheetOrientation(three, 'letter')).toBe('landscape');
    expect(sheetOrientation(five, 'a4')).toBe('landscape');
    expect(sheetOrientation([...one, ...five], 'letter')).toBe('landscape');
  });

  it('race 1 by team (no teams) prints by position', async () => {
    const { getPrintSheets } = await print();
    const sheet = sheetOf((await getPrintSheets(await race(1), [], { mode: 'team', classes: [], breakClasses: false }, 'en'))[0]);
    expect(sheet.mode).toBe('overall');
    expect(sheet.sections[0].rows).toHaveLength(6);
  });
});

describe('getPrintSheets: further races of the event', () => {
  it('Sebring races 3 and 4 are one event: two sheets in the order asked', async () => {
    const { getPrintSheets } = await print();
    const parts = await getPrintSheets(await race(3), [4], OVERALL, 'en');
    expect(parts.map((p) => p.kind)).toEqual(['sheet', 'sheet']);
    expect(parts.map((p) => (p.kind === 'sheet' ? p.sheet.race.id : null))).toEqual([3, 4]);
    expect(sheetOf(parts[1]).sections[0].rows).toHaveLength(15);
    const reversed = await getPrintSheets(await race(4), [3], OVERALL, 'en');
    expect(reversed.map((p) => (p.kind === 'sheet' ? p.sheet.race.id : null))).toEqual([4, 3]);
  });

  it('leaves out duplicates and the first race named again', async () => {
    const { getPrintSheets } = await print();
    const parts = await getPrintSheets(await race(3), [4, 3, 4], OVERALL, 'en');
    expect(parts.map((p) => (p.kind === 'sheet' ? p.sheet.race.id : p.raceId))).toEqual([3, 4]);
  });

  it('a race of another event, or no race at all, is not_found (and not named)', async () => {
    const { getPrintSheets } = await print();
    const parts = await getPrintSheets(await race(3), [5, 2_000_000, 4], OVERALL, 'en');
    expect(parts[0].kind).toBe('sheet');
    expect(parts[1]).toEqual({ kind: 'unavailable', raceId: 5, name: null, reason: 'not_found' });
    expect(parts[2]).toEqual({ kind: 'unavailable', raceId: 2_000_000, name: null, reason: 'not_found' });
    expect(sheetOf(parts[3]).race.id).toBe(4);
  });

  it(`prints at most MAX_PRINT_RACES races, the path's race included`, async () => {
    const { getPrintSheets } = await print();
    const { MAX_PRINT_RACES } = await import('../../lib/contracts/print');
    const more = [4, ...Array.from({ length: MAX_PRINT_RACES + 10 }, (_, i) => 3_000_000 + i)];
    const parts = await getPrintSheets(await race(3), more, OVERALL, 'en');
    expect(parts).toHaveLength(MAX_PRINT_RACES);
    expect(parts.slice(0, 2).map((p) => p.kind)).toEqual(['sheet', 'sheet']);
  });

  it('a hidden race of the same event is not_public, named', async () => {
    const { getPrintSheets } = await print();
    await withRace(4, { isPublic: false }, async () => {
      const parts = await getPrintSheets(await race(3), [4], OVERALL, 'en');
      expect(parts[0].kind).toBe('sheet');
      expect(parts[1]).toEqual({ kind: 'unavailable', raceId: 4, name: 'Test Session 4', reason: 'not_public' });
    });
  });

  it('a hidden race of another event is not_found, its name not told', async () => {
    const { getPrintSheets } = await print();
    await withRace(5, { isPublic: false }, async () => {
      expect((await getPrintSheets(await race(3), [5], OVERALL, 'en'))[1]).toEqual({ kind: 'unavailable', raceId: 5, name: null, reason: 'not_found' });
    });
  });
});

describe('isOfficial (the provisional / official stamp)', () => {
  it('official once the event is complete and no feed runs; provisional before', async () => {
    const { isOfficial } = await print();
    expect(await isOfficial(1)).toBe(true);
    await withEvent(1, { isComplete: false }, async () => {
      expect(await isOfficial(1)).toBe(false);
    });
    // Race 6 belongs to a coming event (Grand Prix sur glace, not complete).
    expect(await isOfficial(6)).toBe(false);
    expect(await isOfficial(2_000_000)).toBe(false);
  });

  it('follows the desk’s choice for the race: official before the event is complete, provisional after (issue 24)', async () => {
    const { isOfficial } = await print();
    await withRace(6, { resultsStatus: 'official' }, async () => expect(await isOfficial(6)).toBe(true));
    await withRace(1, { resultsStatus: 'provisional' }, async () => expect(await isOfficial(1)).toBe(false));
    await withRace(1, { resultsStatus: 'official', liveState: 'live', liveUpdatedAt: sql`now()` }, async () => expect(await isOfficial(1)).toBe(false));
  });

  it('a live race is provisional while its feed writes, official once the feed is stale', async () => {
    const { isOfficial, getPrintSheets } = await print();
    await withRace(1, { liveState: 'live', liveUpdatedAt: sql`now()` }, async () => {
      expect(await isOfficial(1)).toBe(false);
      expect(sheetOf((await getPrintSheets(await race(1), [], OVERALL, 'en'))[0]).official).toBe(false);
    });
    await withRace(1, { liveState: 'live', liveUpdatedAt: sql`now() - interval '20 minutes'` }, async () => {
      expect(await isOfficial(1)).toBe(true);
    });
    await withRace(1, { liveState: 'finished', liveUpdatedAt: sql`now()` }, async () => {
      expect(await isOfficial(1)).toBe(true);
      expect(sheetOf((await getPrintSheets(await race(1), [], OVERALL, 'en'))[0]).official).toBe(true);
    });
  });
});

describe('listPrintChoices (the selection page)', () => {
  it('lists the public events that have public races, newest first, and no hidden event', async () => {
    const { listPrintChoices } = await print();
    const { events, promoters, races } = await schema();
    const choices = await listPrintChoices(null);
    expect(choices.event).toBeNull();
    expect(choices.races).toEqual([]);
    const dates = choices.events.map((e) => e.startDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const ids = choices.events.map((e) => e.id);
    expect(ids).toEqual(expect.arrayContaining([1, 2, 3, 4]));
    const d = await db();
    const shown = await d
      .selectDistinct({ id: events.id })
      .from(events)
      .innerJoin(promoters, eq(promoters.id, events.promoterId))
      .innerJoin(races, eq(races.eventId, events.id))
      .where(sql`${events.isPublic} and ${promoters.isPublic} and ${races.isPublic}`);
    expect(new Set(ids)).toEqual(new Set(shown.map((e) => e.id)));
    // The seed's hidden event (no races) and the events without races are not offered.
    const hidden = await d.select({ id: events.id }).from(events).where(eq(events.isPublic, false));
    expect(hidden.length).toBeGreaterThan(0);
    for (const { id } of hidden) expect(ids).not.toContain(id);
  });

  it('an event hidden from the public (with races) is neither listed nor chosen', async () => {
    const { listPrintChoices } = await print();
    await withEvent(4, { isPublic: false }, async () => {
      expect((await listPrintChoices(null)).events.map((e) => e.id)).not.toContain(4);
      const chosen = await listPrintChoices(4);
      expect(chosen.event).toBeNull();
      expect(chosen.races).toEqual([]);
    });
    expect((await listPrintChoices(null)).events.map((e) => e.id)).toContain(4);
  });

  it('an event whose every race is hidden is neither listed nor chosen', async () => {
    const { listPrintChoices } = await print();
    await withRace(5, { isPublic: false }, async () => {
      expect((await listPrintChoices(null)).events.map((e) => e.id)).not.toContain(4);
      expect(await listPrintChoices(4)).toMatchObject({ event: null, races: [] });
    });
    expect((await listPrintChoices(4)).event?.id).toBe(4);
  });

  it('Sebring: both races with their classes in the race’s order, no teams', async () => {
    const { listPrintChoices } = await print();
    const choices = await listPrintChoices(SEBRING_EVENT);
    expect(choices.event).toMatchObject({ id: SEBRING_EVENT, name: 'Sebring Winter Test', startDate: '2009-01-27' });
    expect(choices.races.map((r) => r.id)).toEqual([3, 4]);
    expect(choices.races.map((r) => r.entryCount)).toEqual([11, 15]);
    const [three, four] = await Promise.all([race(3), race(4)]);
    expect(choices.races[0].classes).toEqual(three.config.classes);
    expect(choices.races[1].classes).toEqual(four.config.classes);
    expect(choices.races[0].classes).toEqual(['LMGT2', 'LMP2', 'LMP1']);
    expect(choices.races.every((r) => r.hasTeams === false)).toBe(true);
    expect(choices.events.map((e) => e.id)).toContain(SEBRING_EVENT);
  });

  it('a hidden race of the chosen event is left out', async () => {
    const { listPrintChoices } = await print();
    await withRace(4, { isPublic: false }, async () => {
      expect((await listPrintChoices(SEBRING_EVENT)).races.map((r) => r.id)).toEqual([3]);
    });
  });

  it('Pine Hill: the team enduro has teams', async () => {
    const { listPrintChoices } = await print();
    const choices = await listPrintChoices(PINE_HILL_EVENT);
    expect(choices.races).toHaveLength(1);
    expect(choices.races[0]).toMatchObject({ id: 2, entryCount: 100, hasTeams: true });
    expect(choices.races[0].classes.length).toBeGreaterThan(1);
  });

  it('a hidden or unknown event id gives no event and no races', async () => {
    const { listPrintChoices } = await print();
    const { events } = await schema();
    const [hidden] = await (await db()).select({ id: events.id }).from(events).where(eq(events.isPublic, false));
    expect(await listPrintChoices(hidden.id)).toMatchObject({ event: null, races: [] });
    expect(await listPrintChoices(2_000_000)).toMatchObject({ event: null, races: [] });
  });
});
