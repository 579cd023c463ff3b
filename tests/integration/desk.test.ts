/**
 * The promoter's desk against a real database through the API app (issue 24): a promoter's
 * staff creates and edits its events (hidden, opened to registration, host clubs), each change
 * in the audit log with before and after, the public reads following at once; another
 * promoter's staff, a participant and a stranger are refused and change nothing; a refused body
 * names each field's code; the audit log cannot be changed.
 */
import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { deskCall, deskLogin, setUpDeskDatabase, type Api, type Sql } from './desk-kit';

const db = setUpDeskDatabase('desk');
const published = db.published;

let api: Api;
let sql: Sql;
const promoters: { id: number; userId: number }[] = [];
let staff: { cookie: string; id: string };
let otherStaff: { cookie: string };
let participantLogin: { cookie: string };
let admin: { cookie: string };

/** A login of `role`, logged in; staff of promoter `promoterUserId` when given (tests/integration/desk-kit.ts). */
const login = (role: string, promoterUserId?: number) => deskLogin(sql, role, promoterUserId);
/** `method route` as the site server passes it, with a login's cookie. */
const call = (method: string, route: string, init: { body?: unknown; cookie?: string } = {}) => deskCall(api, method, route, init);

beforeAll(async () => {
  ({ api, sql } = db);
  for (const r of await sql('select id, user_id from promoters order by id limit 2')) promoters.push({ id: r.id as number, userId: r.user_id as number });
  staff = await login('promoter', promoters[0]!.userId);
  otherStaff = await login('promoter', promoters[1]!.userId);
  participantLogin = await login('participant');
  admin = await login('admin');
});

const EVENT = {
  name: 'Spring Hare Scramble',
  startDate: '2027-05-15',
  endDate: '2027-05-16',
  location: 'Pine Ridge MX',
  city: 'Sherbrooke',
  state: 'QC',
  country: 'CA',
  discipline: 'hare-scramble',
  hostClubs: ['CJCR', 'SJER'],
  description: null,
  isPublic: false,
  registrationOpen: false,
  registrationClosesOn: null,
  isComplete: false,
};

describe('the desk', () => {
  let eventId = 0;

  it('a promoter’s staff creates a hidden event, then opens it to the public and to registration; each change is in the audit log', async () => {
    const created = await call('POST', '/desk/events', { cookie: staff.cookie, body: { promoterId: promoters[0]!.id, event: EVENT } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    eventId = created.body!.id as number;
    const [row] = await sql('select promoter_id, host_club, is_public from events where id = $1', [eventId]);
    expect(row).toEqual({ promoter_id: promoters[0]!.id, host_club: 'CJCR, SJER', is_public: false });

    // Hidden: the public event page refuses it (spec §6 Event display).
    const { getEvent } = await import('../../lib/server/events');
    expect((await getEvent(eventId))?.isPublic).toBe(false);
    const list = await call('GET', '/desk/events', { cookie: staff.cookie });
    expect((list.body!.events as { id: number }[]).map((e) => e.id)).toContain(eventId);
    expect((await call('GET', '/desk/events', { cookie: otherStaff.cookie })).body!.events as { id: number }[]).not.toContainEqual(expect.objectContaining({ id: eventId }));

    expect(published).toEqual(expect.arrayContaining([`event:${eventId}`, 'events']));
    published.length = 0;
    const saved = await call('PUT', `/desk/events/${eventId}`, { cookie: staff.cookie, body: { ...EVENT, isPublic: true, registrationOpen: true, registrationClosesOn: '2027-05-10' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body!.event).toMatchObject({ isPublic: true, registrationOpen: true, registrationClosesOn: '2027-05-10', hostClubs: ['CJCR', 'SJER'] });
    expect(await getEvent(eventId)).toMatchObject({ name: 'Spring Hare Scramble', isPublic: true });

    const audit = saved.body!.audit as { action: string; by: string; changes: Record<string, [unknown, unknown]> }[];
    expect(audit.map((a) => a.action)).toEqual(['update', 'create']);
    expect(audit[0]!.by).toMatch(/^Desk promoter/);
    expect(audit[0]!.changes).toEqual({ isPublic: [false, true], registrationOpen: [false, true], registrationClosesOn: [null, '2027-05-10'] });

    expect(published).toEqual(expect.arrayContaining([`event:${eventId}`, 'events']));
    published.length = 0;
    // Saving the same fields again records nothing and tells no one.
    const again = await call('PUT', `/desk/events/${eventId}`, { cookie: staff.cookie, body: { ...EVENT, isPublic: true, registrationOpen: true, registrationClosesOn: '2027-05-10' } });
    expect((again.body!.audit as unknown[]).length).toBe(2);
    expect(published).toEqual([]);
  });

  it('keeps a description in each language, and the event page shows the one of its language', async () => {
    const body = { ...EVENT, isPublic: true, registrationOpen: true, registrationClosesOn: '2027-05-10', description: 'Two days of hare scramble.', descriptionFr: 'Deux jours de hare scramble.', descriptionEs: null };
    const saved = await call('PUT', `/desk/events/${eventId}`, { cookie: staff.cookie, body });
    expect(saved.body!.event).toMatchObject({ description: 'Two days of hare scramble.', descriptionFr: 'Deux jours de hare scramble.', descriptionEs: null });
    expect((saved.body!.audit as { changes: Record<string, unknown> }[])[0]!.changes).toEqual({ description: [null, 'Two days of hare scramble.'], descriptionFr: [null, 'Deux jours de hare scramble.'] });
    const { getEvent } = await import('../../lib/server/events');
    const { describeEvent } = await import('../../lib/contracts/events');
    const event = (await getEvent(eventId))!;
    expect([describeEvent(event, 'fr'), describeEvent(event, 'es'), describeEvent(event, 'en')]).toEqual(['Deux jours de hare scramble.', 'Two days of hare scramble.', 'Two days of hare scramble.']);
    expect((await call('PUT', `/desk/events/${eventId}`, { cookie: staff.cookie, body: { ...body, descriptionEs: 'x'.repeat(5001) } })).body!.issues).toEqual([{ path: ['descriptionEs'], code: 'invalid_description_es' }]);
  });

  it('cancels an event: it stays listed, marked cancelled, and online registration closes with it; called back on, it reopens', async () => {
    const body = { ...EVENT, isPublic: true, registrationOpen: true, registrationClosesOn: '2027-05-10' };
    const cancelled = await call('PUT', `/desk/events/${eventId}`, { cookie: staff.cookie, body: { ...body, isCancelled: true } });
    expect(cancelled.body!.event).toMatchObject({ isCancelled: true, registrationOpen: false });
    expect(await sql('select is_cancelled, registration_open from events where id = $1', [eventId])).toEqual([{ is_cancelled: true, registration_open: false }]);
    const { getEvent, eventRegistration } = await import('../../lib/server/events');
    const event = (await getEvent(eventId))!;
    expect(event.isCancelled).toBe(true);
    expect(eventRegistration(event, new Date('2027-05-01T12:00:00Z')).status).toBe('closed');
    const { getCalendarEntry } = await import('../../lib/server/calendar/list-calendar-events');
    expect(await getCalendarEntry(eventId, '2027-05-01')).toMatchObject({ cancelled: true, registrationStatus: 'closed' });
    const back = await call('PUT', `/desk/events/${eventId}`, { cookie: staff.cookie, body });
    expect(back.body!.event).toMatchObject({ isCancelled: false, registrationOpen: true });
  });

  it('refuses another promoter’s staff, a participant and a stranger, and changes nothing; an admin may', async () => {
    const before = await sql('select * from events where id = $1', [eventId]);
    const hijack = { ...EVENT, name: 'Taken over', isPublic: false };
    expect((await call('PUT', `/desk/events/${eventId}`, { body: hijack })).status).toBe(401);
    expect((await call('POST', '/desk/events', { body: { promoterId: promoters[0]!.id, event: hijack } })).status).toBe(401);
    for (const who of [otherStaff, participantLogin]) {
      expect((await call('PUT', `/desk/events/${eventId}`, { cookie: who.cookie, body: hijack })).status).toBe(404);
      expect((await call('GET', `/desk/events/${eventId}`, { cookie: who.cookie })).status).toBe(404);
      expect((await call('POST', '/desk/events', { cookie: who.cookie, body: { promoterId: promoters[0]!.id, event: hijack } })).status).toBe(404);
    }
    expect(await sql('select * from events where id = $1', [eventId])).toEqual(before);
    expect(await sql(`select count(*)::int as n from events where name = 'Taken over'`)).toEqual([{ n: 0 }]);
    expect((await call('GET', `/desk/events/${eventId}`, { cookie: admin.cookie })).status).toBe(200);
  });

  it('names each refused field by its code and writes nothing', async () => {
    const count = async () => (await sql('select count(*)::int as n from events'))[0]!.n;
    const before = await count();
    const bad = await call('POST', '/desk/events', {
      cookie: staff.cookie,
      body: { promoterId: promoters[0]!.id, event: { ...EVENT, name: '  ', startDate: '2027-02-30', endDate: '2027-01-01', hostClubs: ['CJCR - TEAM A'], discipline: 'curling', isPublic: 'yes' } },
    });
    expect(bad.status).toBe(400);
    const codes = Object.fromEntries((bad.body!.issues as { path: string[]; code: string }[]).map((i) => [i.path.join('.'), i.code]));
    expect(codes).toMatchObject({
      'event.name': 'null_name',
      'event.startDate': 'invalid_start_date',
      'event.hostClubs.0': 'invalid_host_clubs',
      'event.discipline': 'invalid_discipline',
      'event.isPublic': 'invalid_is_public',
    });
    const late = await call('PUT', `/desk/events/${eventId}`, { cookie: staff.cookie, body: { ...EVENT, endDate: '2027-05-01', registrationClosesOn: '2027-06-01' } });
    expect(late.status).toBe(400);
    expect((late.body!.issues as { path: string[]; code: string }[]).map((i) => i.code).sort()).toEqual(['invalid_end_date', 'invalid_registration_closes_on']);
    const window = await call('PUT', `/desk/events/${eventId}`, { cookie: staff.cookie, body: { ...EVENT, registrationOpensOn: '2027-05-12', registrationClosesOn: '2027-05-10' } });
    expect(window.body!.issues).toEqual([{ path: ['registrationOpensOn'], code: 'invalid_registration_opens_on' }]);
    expect(await count()).toBe(before);
    expect((await call('PUT', '/desk/events/abc', { cookie: staff.cookie, body: EVENT })).status).toBe(400);
  });

  it('hides a race of the promoter’s own event: its page says so, the change is in the event’s log; nobody else may', async () => {
    const [race] = await sql(`select r.id, r.name, r.event_id from races r join events e on e.id = r.event_id where e.promoter_id = $1 and e.name = 'Pine Hill Enduro' limit 1`, [promoters[0]!.id]);
    const raceId = race!.id as number;
    const body = { name: race!.name, isPublic: false };
    expect((await call('PUT', `/desk/races/${raceId}`, { body })).status).toBe(401);
    expect((await call('PUT', `/desk/races/${raceId}`, { body, cookie: otherStaff.cookie })).status).toBe(404);
    expect((await call('PUT', `/desk/races/${raceId}`, { body, cookie: participantLogin.cookie })).status).toBe(404);
    expect((await sql('select is_public from races where id = $1', [raceId]))[0]!.is_public).toBe(true);

    published.length = 0;
    const hidden = await call('PUT', `/desk/races/${raceId}`, { body, cookie: staff.cookie });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect(hidden.body).toMatchObject({ id: raceId, eventId: race!.event_id, name: race!.name, isPublic: false, resultsStatus: 'auto' });
    expect(published).toEqual(expect.arrayContaining([`race:${raceId}`, `event:${race!.event_id}`, 'events']));
    const { getRace } = await import('../../lib/server/races');
    expect((await getRace(raceId))?.isPublic).toBe(false);

    const desk = await call('GET', `/desk/events/${race!.event_id}`, { cookie: staff.cookie });
    expect((desk.body!.races as { id: number; isPublic: boolean; results: number }[]).find((r) => r.id === raceId)).toMatchObject({ isPublic: false, results: 100 });
    expect((desk.body!.audit as { entity: string; subject: string; changes: object }[])[0]).toMatchObject({ entity: 'race', subject: race!.name, changes: { isPublic: [true, false] } });

    const bad = await call('PUT', `/desk/races/${raceId}`, { body: { name: '', isPublic: 'no' }, cookie: staff.cookie });
    expect((bad.body!.issues as { code: string }[]).map((i) => i.code).sort()).toEqual(['invalid_is_public', 'null_name']);
    expect((await call('PUT', `/desk/races/${raceId}`, { body: { ...body, isPublic: true }, cookie: staff.cookie })).status).toBe(200);

    // Marked provisional (a protest pending): the print sheets' stamp follows; back to the event's rule.
    const { isOfficial } = await import('../../lib/server/print');
    const provisional = await call('PUT', `/desk/races/${raceId}`, { body: { ...body, isPublic: true, resultsStatus: 'provisional' }, cookie: staff.cookie });
    expect(provisional.body).toMatchObject({ resultsStatus: 'provisional' });
    expect(await isOfficial(raceId)).toBe(false);
    expect((await call('PUT', `/desk/races/${raceId}`, { body: { ...body, isPublic: true, resultsStatus: 'final' }, cookie: staff.cookie })).body!.issues).toEqual([{ path: ['resultsStatus'], code: 'invalid_results_status' }]);
    expect((await call('PUT', `/desk/races/${raceId}`, { body: { ...body, isPublic: true, resultsStatus: 'auto' }, cookie: staff.cookie })).status).toBe(200);

    // Its columns: the public race reads the ones chosen, in that order; none is refused.
    const stored = (await getRace(raceId))!.config.columns;
    const fewer = await call('PUT', `/desk/races/${raceId}`, { body: { ...body, isPublic: true, columns: ['position', 'name', 'points'] }, cookie: staff.cookie });
    expect(fewer.body).toMatchObject({ columns: ['position', 'name', 'points'] });
    expect((await getRace(raceId))!.config.columns).toEqual(['position', 'name', 'points']);
    expect((await call('PUT', `/desk/races/${raceId}`, { body: { ...body, isPublic: true, columns: [] }, cookie: staff.cookie })).body!.issues).toEqual([{ path: ['columns'], code: 'invalid_columns' }]);
    expect((await call('PUT', `/desk/races/${raceId}`, { body: { ...body, isPublic: true, columns: stored }, cookie: staff.cookie })).status).toBe(200);
  });

  it('previews a results file without writing it, imports it into the event, refuses a bad one by line and field', async () => {
    const text = fs.readFileSync('data/fixtures/sheet/2017-las-vegas-450sx-lcq-results.csv', 'utf8');
    const upload = async (query: string, body: string, cookie = staff.cookie) => {
      const res = await api.request(`/api/v1/desk/events/${eventId}/results?${query}`, {
        method: 'POST',
        headers: { host: 'localhost', origin: 'http://localhost', 'content-type': 'text/csv', cookie },
        body,
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const races = async () => (await sql('select count(*)::int as n from races where event_id = $1', [eventId]))[0]!.n;
    expect(await races()).toBe(0);

    const preview = await upload('file=lcq.csv&mode=preview', text);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ format: 'sheet-csv', races: [{ name: 'lcq', kind: 'sprint', entries: 22 }], skipped: [] });
    const [race] = preview.body.races as { rows: { position: number; number: string; name: string; result: string }[] }[];
    expect(race!.rows[0]).toMatchObject({ position: 1, number: '21', name: 'Jason Anderson', result: '1:05.906' });
    expect(race!.rows).toHaveLength(10);
    expect(await races()).toBe(0);

    expect((await upload('file=lcq.csv&mode=import', text, otherStaff.cookie)).status).toBe(404);
    const bad = await upload('file=lcq.csv&mode=preview', text.replace('2,3,Eli Tomac', 'second,3,Eli Tomac'));
    expect(bad).toEqual({ status: 422, body: expect.objectContaining({ error: 'invalid_results_file', message: 'Refused: line 3, field POS.: not a position or a state: "second"' }) });

    published.length = 0;
    const imported = await upload('file=lcq.csv&mode=import', text);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body).toMatchObject({ entries: 22, replaced: false });
    expect(await races()).toBe(1);
    expect(published).toEqual(expect.arrayContaining([`event:${eventId}`, 'events', `race:${(imported.body.raceIds as number[])[0]}`]));

    const again = await upload('file=lcq.csv&mode=import', text);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('already_imported');
    const replaced = await upload('file=lcq.csv&mode=import&replace=true', text);
    expect(replaced.body).toMatchObject({ entries: 22, replaced: true });
    expect(await races()).toBe(1);
  });

  it('keeps the audit log as written: no change, no deletion', async () => {
    await expect(sql(`update desk_audit set after = '{}' where event_id = $1`, [eventId])).rejects.toThrow(/only ever added/);
    await expect(sql(`delete from desk_audit where event_id = $1`, [eventId])).rejects.toThrow(/only ever added/);
  });
});

describe('the desk’s results upload: spreadsheets (CSV and XLSX) and their columns', () => {
  let eventId = 0;
  const ODD = fs.readFileSync('data/fixtures/sheet/unrecognised-headers.csv');
  const XLSX = fs.readFileSync('data/fixtures/sheet/2017-las-vegas-450sx-lcq-results.xlsx');
  const MAPPING = JSON.stringify(['position', 'number', 'name', 'brand', 'totalTime']);

  /** POSTs `body` (bytes, as the desk sends them) to the event's results route. */
  const upload = async (query: string, body: Uint8Array, cookie = staff.cookie) => {
    const res = await api.request(`/api/v1/desk/events/${eventId}/results?${query}`, {
      method: 'POST',
      headers: { host: 'localhost', origin: 'http://localhost', 'content-type': 'application/octet-stream', cookie },
      body: body as unknown as BodyInit,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const written = async () => ({
    races: (await sql('select count(*)::int as n from races where event_id = $1', [eventId]))[0]!.n as number,
    imports: (await sql('select count(*)::int as n from imports where event_id = $1', [eventId]))[0]!.n as number,
  });

  beforeAll(async () => {
    const created = await call('POST', '/desk/events', { cookie: staff.cookie, body: { promoterId: promoters[0]!.id, event: { ...EVENT, name: 'Spreadsheet Supercross' } } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    eventId = created.body!.id as number;
  });

  it('answers a spreadsheet whose columns it cannot recognise with its columns to map, and writes nothing', async () => {
    const asked = await upload('file=odd.csv&mode=preview', ODD);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body).toMatchObject({
      needsMapping: true,
      headers: ['Pl', 'Plate', 'Racer', 'Machine', 'Time'],
      guess: [null, 'number', 'name', 'brand', 'totalTime'],
      refusal: expect.stringMatching(/^Refused: line \d+, field /),
    });
    expect(asked.body.sample).toHaveLength(5);
    expect((asked.body.sample as string[][])[0]).toEqual(['1', '21', 'Jason Anderson', 'Husqvarna FC450', '25:31.250']);
    // Another extension: the same question, not "unknown format".
    expect((await upload('file=odd.txt&mode=preview', ODD)).body).toMatchObject({ needsMapping: true, headers: ['Pl', 'Plate', 'Racer', 'Machine', 'Time'] });
    // Importing it unmapped is refused by line and field.
    expect((await upload('file=odd.csv&mode=import', ODD)).status).toBe(422);
    expect(await written()).toEqual({ races: 0, imports: 0 });
  });

  it('previews it with the columns chosen (nothing written), then imports it with them', async () => {
    const preview = await upload(`file=odd.csv&mode=preview&mapping=${encodeURIComponent(MAPPING)}`, ODD);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ format: 'sheet-csv', races: [{ name: 'odd', kind: 'sprint', entries: 7 }], skipped: [] });
    expect(preview.body.needsMapping).toBeUndefined();
    expect(preview.body.sheet).toMatchObject({ headers: ['Pl', 'Plate', 'Racer', 'Machine', 'Time'], guess: ['position', 'number', 'name', 'brand', 'totalTime'] });
    const [race] = preview.body.races as { rows: { position: number | null; number: string; name: string; result: string; state: string }[] }[];
    expect(race!.rows[0]).toMatchObject({ position: 1, number: '21', name: 'Jason Anderson', result: '25:31.250' });
    // The DNF rider is ranked last by the ranking rules, as every import ranks.
    expect(race!.rows.at(-1)).toMatchObject({ number: '25', state: 'DNF' });
    expect(await written()).toEqual({ races: 0, imports: 0 });

    published.length = 0;
    const imported = await upload(`file=odd.csv&mode=import&mapping=${encodeURIComponent(MAPPING)}`, ODD);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body).toMatchObject({ entries: 7, replaced: false });
    expect(await written()).toEqual({ races: 1, imports: 1 });
    const raceId = (imported.body.raceIds as number[])[0]!;
    expect(published).toEqual(expect.arrayContaining([`event:${eventId}`, `race:${raceId}`]));
    const rows = await sql(
      'select e.race_number, e.brand, r.position, r.total_time_ms from entries e join results r on r.entry_id = e.id where e.race_id = $1 order by r.position nulls last, e.race_number',
      [raceId],
    );
    expect(rows[0]).toEqual({ race_number: '21', brand: 'Husqvarna FC450', position: 1, total_time_ms: 1_531_250 });
    expect(rows).toHaveLength(7);
  });

  it('refuses a mapping that is not JSON, lacks a position or gives a field twice: 400 with a clear message, nothing written', async () => {
    const before = await written();
    const notJson = await upload('file=odd.csv&mode=preview&mapping=notjson', ODD);
    expect(notJson.status).toBe(400);
    expect(notJson.body).toMatchObject({ error: 'invalid_mapping_json', statusCode: 400, message: expect.stringMatching(/not JSON/) });
    const noPosition = await upload(`file=odd.csv&mode=import&mapping=${encodeURIComponent(JSON.stringify([null, 'number', 'name', 'brand', 'totalTime']))}`, ODD);
    expect(noPosition.status).toBe(400);
    expect(noPosition.body).toMatchObject({ error: 'null_mapping_position', message: expect.stringMatching(/no position column/) });
    const twice = await upload(`file=odd.csv&mode=preview&mapping=${encodeURIComponent(JSON.stringify(['position', 'number', 'name', 'team', 'team']))}`, ODD);
    expect(twice.status).toBe(400);
    expect(twice.body).toMatchObject({ error: 'invalid_mapping_duplicate', message: expect.stringMatching(/team .*more than one column/) });
    const unknown = await upload(`file=odd.csv&mode=preview&mapping=${encodeURIComponent(JSON.stringify(['position', 'speed']))}`, ODD);
    expect(unknown.body).toMatchObject({ error: 'invalid_mapping', statusCode: 400 });
    // One field per column of the file: refused by the importer, by line and field.
    const short = await upload(`file=odd.csv&mode=preview&mapping=${encodeURIComponent(JSON.stringify(['position', 'number', 'name']))}`, ODD);
    expect(short).toEqual({ status: 422, body: expect.objectContaining({ error: 'invalid_results_file', message: expect.stringMatching(/^Refused: line 1, field header: .*3 column/) }) });
    expect(await written()).toEqual(before);
  });

  it('previews and imports an .xlsx workbook (its first sheet) as the CSV it holds; a workbook with no rows is refused', async () => {
    const before = await written();
    const preview = await upload('file=lcq.xlsx&mode=preview', XLSX);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ format: 'sheet-xlsx', races: [{ name: 'lcq', kind: 'sprint', entries: 22 }], skipped: [] });
    const [race] = preview.body.races as { rows: { position: number; number: string; name: string; result: string }[] }[];
    expect(race!.rows[0]).toMatchObject({ position: 1, number: '21', name: 'Jason Anderson', result: '1:05.906' });
    expect((preview.body.sheet as { headers: string[] }).headers).toEqual(['POS.', '#', 'RIDER', 'HOMETOWN', 'BIKE', 'LAPS', 'INTERVAL', 'BEST TIME', 'STATUS']);
    expect(await written()).toEqual(before);

    const imported = await upload('file=lcq.xlsx&mode=import', XLSX);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body).toMatchObject({ entries: 22, replaced: false });
    expect(await written()).toEqual({ races: before.races + 1, imports: before.imports + 1 });
    const [imp] = await sql('select format, source_file from imports where event_id = $1 order by id desc limit 1', [eventId]);
    expect(imp).toEqual({ format: 'sheet-csv', source_file: 'lcq.xlsx' });
    expect((await upload('file=lcq.xlsx&mode=import', XLSX)).body.error).toBe('already_imported');

    const empty = await upload('file=empty.xlsx&mode=preview', fs.readFileSync('data/fixtures/sheet/empty.xlsx'));
    expect(empty).toEqual({ status: 422, body: expect.objectContaining({ error: 'invalid_results_file', message: expect.stringMatching(/^Refused: line 1, field sheet: .*no rows/) }) });
    const cut = await upload('file=cut.xlsx&mode=preview', XLSX.subarray(0, 2000));
    expect(cut.status).toBe(422);
    expect(await written()).toEqual({ races: before.races + 1, imports: before.imports + 1 });
  });
});
