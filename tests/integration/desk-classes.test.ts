/**
 * Classes and fees on the promoter's desk against a real database through the API app (issue 24
 * "Classes of the organization: name, class group, ages, fee, entry limit, per organization (two
 * organizations may each have 'Open')"; issue 27: early and late fees per class): each organization keeps its own "Open", a name is unique
 * within one; an event offers its organization's classes with a fee in cents and an entry limit,
 * saved as a whole with its audit record; a class riders are registered in cannot be taken off;
 * another organization's staff is refused (404) and changes nothing; an import takes the event
 * organization's class of a name.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { deskCall, deskLogin, setUpDeskDatabase, type Api, type Sql } from './desk-kit';

const db = setUpDeskDatabase('desk-classes');

/** Two promoters of two organizations, an event of the first, and a staff login of each. */
let api: Api;
let sql: Sql;
let mine: { promoterId: number; userId: number; organizationId: number; eventId: number; cookie: string };
let theirs: { promoterId: number; userId: number; organizationId: number; eventId: number; cookie: string };

/** A new organization with a promoter and an event (its own ids), created for the test. */
async function club(n: number) {
  const [org] = await sql(`insert into organizations (name) values ($1) returning id`, [`Desk Club ${n}`]);
  const userId = 990_000 + n;
  const [promoter] = await sql(`insert into promoters (user_id, organization_id, name) values ($1, $2, $3) returning id`, [userId, org!.id, `Desk Promoter ${n}`]);
  const [event] = await sql(`insert into events (promoter_id, organization_id, name, start_date) values ($1, $2, $3, '2027-06-05') returning id`, [promoter!.id, org!.id, `Desk Enduro ${n}`]);
  const login = await deskLogin(sql, 'promoter', userId);
  return { promoterId: promoter!.id as number, userId, organizationId: org!.id as number, eventId: event!.id as number, cookie: login.cookie };
}

beforeAll(async () => {
  ({ api, sql } = db);
  mine = await club(1);
  theirs = await club(2);
});

const OPEN = { name: 'Open', classGroup: 'Senior', description: 'Any bike, any licence', minAge: 16, maxAge: null };

describe('classes on the desk', () => {
  const ids: Record<string, number> = {};

  it('gives each organization its own “Open”, and refuses a second one in the same organization', async () => {
    const a = await deskCall(api, 'POST', `/desk/organizations/${mine.organizationId}/classes`, { cookie: mine.cookie, body: OPEN });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    const b = await deskCall(api, 'POST', `/desk/organizations/${theirs.organizationId}/classes`, { cookie: theirs.cookie, body: { ...OPEN, minAge: 18 } });
    expect(b.status).toBe(201);
    ids.open = a.body!.id as number;
    ids.theirOpen = b.body!.id as number;
    expect(ids.open).not.toBe(ids.theirOpen);
    expect((await deskCall(api, 'POST', `/desk/organizations/${mine.organizationId}/classes`, { cookie: mine.cookie, body: OPEN })).body).toMatchObject({ error: 'class_exists', statusCode: 409 });
    const junior = await deskCall(api, 'POST', `/desk/organizations/${mine.organizationId}/classes`, { cookie: mine.cookie, body: { name: '85cc Junior', classGroup: null, description: null, minAge: 9, maxAge: 15 } });
    ids.junior = junior.body!.id as number;

    const listed = await deskCall(api, 'GET', '/desk/organizations', { cookie: mine.cookie });
    const orgs = listed.body!.organizations as { id: number; classes: { name: string; classGroup: string | null; minAge: number | null }[] }[];
    expect(orgs.map((o) => o.id)).toEqual([mine.organizationId]);
    expect(orgs[0]!.classes).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Open', classGroup: 'Senior', minAge: 16 })]));
  });

  it('refuses ages the wrong way round, and another organization’s staff on a class, changing nothing', async () => {
    const bad = await deskCall(api, 'PUT', `/desk/classes/${ids.open}`, { cookie: mine.cookie, body: { ...OPEN, minAge: 30, maxAge: 20 } });
    expect(bad.status).toBe(400);
    expect(bad.body!.issues).toEqual([{ path: ['maxAge'], code: 'invalid_max_age' }]);
    expect((await deskCall(api, 'PUT', `/desk/classes/${ids.open}`, { cookie: theirs.cookie, body: { ...OPEN, name: 'Taken' } })).status).toBe(404);
    expect((await deskCall(api, 'POST', `/desk/organizations/${mine.organizationId}/classes`, { cookie: theirs.cookie, body: { ...OPEN, name: 'Intruder' } })).status).toBe(404);
    expect((await sql('select name, min_age from classes where id = $1', [ids.open]))[0]).toEqual({ name: 'Open', min_age: 16 });
    expect(await sql(`select 1 from classes where name = 'Intruder'`)).toEqual([]);
  });

  it('sets the classes an event offers with fees and limits, in one audited change', async () => {
    const body = { classes: [{ classId: ids.open, feeCents: 6500, capacity: 40 }, { classId: ids.junior, feeCents: 4550, capacity: null }] };
    const saved = await deskCall(api, 'PUT', `/desk/events/${mine.eventId}/classes`, { cookie: mine.cookie, body });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((saved.body!.classes as unknown[]).map((c) => (c as { name: string }).name)).toEqual(['Open', '85cc Junior']);
    expect(await sql('select class_id, fee_cents, capacity from event_classes where event_id = $1 order by sort_order', [mine.eventId])).toEqual([
      { class_id: ids.open, fee_cents: 6500, capacity: 40 },
      { class_id: ids.junior, fee_cents: 4550, capacity: null },
    ]);
    const [audit] = await sql(`select "before", "after" from desk_audit where event_id = $1 order by id desc limit 1`, [mine.eventId]);
    expect(audit).toEqual({ before: { classes: [] }, after: { classes: [expect.objectContaining({ name: 'Open', feeCents: 6500 }), expect.objectContaining({ name: '85cc Junior', feeCents: 4550 })] } });
    // Another organization's class cannot be offered; another promoter's staff cannot change it.
    expect((await deskCall(api, 'PUT', `/desk/events/${mine.eventId}/classes`, { cookie: mine.cookie, body: { classes: [{ classId: ids.theirOpen, feeCents: 0, capacity: null }] } })).status).toBe(404);
    expect((await deskCall(api, 'PUT', `/desk/events/${mine.eventId}/classes`, { cookie: theirs.cookie, body: { classes: [] } })).status).toBe(404);
    expect((await deskCall(api, 'PUT', `/desk/events/${mine.eventId}/classes`, { cookie: mine.cookie, body: { classes: [{ classId: ids.open, feeCents: -1, capacity: 0 }] } })).body!.issues).toEqual([
      { path: ['classes', 0, 'feeCents'], code: 'invalid_fee' },
      { path: ['classes', 0, 'capacity'], code: 'invalid_capacity' },
    ]);
    expect((await sql('select count(*)::int as n from event_classes where event_id = $1', [mine.eventId]))[0]!.n).toBe(2);
  });

  it('saves each class’s early and late fees (issue 27), none when left out, and lists them', async () => {
    const body = {
      classes: [
        { classId: ids.open, feeCents: 6500, earlyFeeCents: 5500, lateFeeCents: 8000, capacity: 40 },
        { classId: ids.junior, feeCents: 4550, earlyFeeCents: null, capacity: null },
      ],
    };
    const saved = await deskCall(api, 'PUT', `/desk/events/${mine.eventId}/classes`, { cookie: mine.cookie, body });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((saved.body!.classes as Record<string, unknown>[]).map(({ name, feeCents, earlyFeeCents, lateFeeCents }) => ({ name, feeCents, earlyFeeCents, lateFeeCents }))).toEqual([
      { name: 'Open', feeCents: 6500, earlyFeeCents: 5500, lateFeeCents: 8000 },
      { name: '85cc Junior', feeCents: 4550, earlyFeeCents: null, lateFeeCents: null },
    ]);
    expect(await sql('select class_id, early_fee_cents, late_fee_cents from event_classes where event_id = $1 order by sort_order', [mine.eventId])).toEqual([
      { class_id: ids.open, early_fee_cents: 5500, late_fee_cents: 8000 },
      { class_id: ids.junior, early_fee_cents: null, late_fee_cents: null },
    ]);
    const listed = await deskCall(api, 'GET', `/desk/events/${mine.eventId}/classes`, { cookie: mine.cookie });
    expect((listed.body!.classes as Record<string, unknown>[])[0]).toMatchObject({ classId: ids.open, earlyFeeCents: 5500, lateFeeCents: 8000 });
    const [audit] = await sql(`select "after" from desk_audit where event_id = $1 order by id desc limit 1`, [mine.eventId]);
    expect(audit!.after).toEqual({ classes: [expect.objectContaining({ name: 'Open', earlyFeeCents: 5500, lateFeeCents: 8000 }), expect.objectContaining({ name: '85cc Junior', earlyFeeCents: null })] });
    // A fee that is not whole cents is refused on its field and changes nothing.
    const bad = await deskCall(api, 'PUT', `/desk/events/${mine.eventId}/classes`, { cookie: mine.cookie, body: { classes: [{ ...body.classes[0], earlyFeeCents: -5, lateFeeCents: 12.5 }, body.classes[1]] } });
    expect(bad.body!.issues).toEqual([
      { path: ['classes', 0, 'earlyFeeCents'], code: 'invalid_early_fee' },
      { path: ['classes', 0, 'lateFeeCents'], code: 'invalid_late_fee' },
    ]);
    expect((await sql('select early_fee_cents from event_classes where event_id = $1 and class_id = $2', [mine.eventId, ids.open]))[0]).toEqual({ early_fee_cents: 5500 });
  });

  it('keeps a class riders are registered in', async () => {
    const [participant] = await sql(`insert into participants (first_name, last_name) values ('Léa', 'Tremblay') returning id`);
    await sql(`insert into registrations (event_id, participant_id, class_id) values ($1, $2, $3)`, [mine.eventId, participant!.id, ids.junior]);
    const refused = await deskCall(api, 'PUT', `/desk/events/${mine.eventId}/classes`, { cookie: mine.cookie, body: { classes: [{ classId: ids.open, feeCents: 6500, capacity: 40 }] } });
    expect(refused.body).toMatchObject({ error: 'class_has_registrations', statusCode: 409 });
    expect((await sql('select count(*)::int as n from event_classes where event_id = $1', [mine.eventId]))[0]!.n).toBe(2);
  });

  it('gives an import the event organization’s class of a name', async () => {
    const { getDb } = await import('../../lib/server/db');
    const { classIdsFor } = await import('../../lib/server/import/class-ids');
    expect((await classIdsFor(getDb(), mine.eventId, ['Open'])).get('Open')).toBe(ids.open);
    expect((await classIdsFor(getDb(), theirs.eventId, ['Open'])).get('Open')).toBe(ids.theirOpen);
  });
});
