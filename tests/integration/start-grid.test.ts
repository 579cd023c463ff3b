/**
 * The start grid on the real database through the API (issue 27 "the start grid follows
 * registration order or the promoter's draw"): a class's grid is its registered riders in
 * registration order (waiting and cancelled riders left out); the promoter's draw is a
 * permutation written as positions 1…n, shown in that order on the public read and in the entry
 * list, audited, and the event's pages revalidated; a rider registered after the draw goes after
 * the drawn ones; going back to registration order undoes the draw; another promoter's staff gets
 * `not_found`, like an unknown event.
 */
import { describe, expect, it, beforeAll } from 'vitest';
import { deskCall, deskLogin, setUpDeskDatabase, type Api, type Sql } from './desk-kit';

const db = setUpDeskDatabase('start-grid');
let api: Api;
let sql: Sql;
let eventId: number;
let promoterId: number;
const PROMOTER_USER = 980_501;
const cls = { open: 0, vet: 0 };
let staff: string;
let early: number[] = [];
let grid: typeof import('../../lib/server/registrations');

/** A rider of Trois-Rivières registered in `classId` at minute `minute` of 2026-06-01 (UTC). */
async function rider(first: string, classId: number, minute: number, state = 'registered') {
  const [p] = await sql(`insert into participants (first_name, last_name, city, state) values ($1, 'Grid', 'Trois-Rivières', 'QC') returning id`, [first]);
  const [r] = await sql(`insert into registrations (event_id, participant_id, class_id, race_number, state, created_at) values ($1, $2, $3, $4, $5, $6) returning id`, [
    eventId,
    p!.id,
    classId,
    String(100 + minute),
    state,
    new Date(Date.UTC(2026, 5, 1, 12, minute)),
  ]);
  return { participantId: p!.id as number, registrationId: r!.id as number };
}

const ids = (g: { rows: { registrationId: number }[] } | undefined) => g?.rows.map((r) => r.registrationId) ?? [];

beforeAll(async () => {
  ({ api, sql } = db);
  grid = await import('../../lib/server/registrations');
  const [{ id: organizationId }] = (await sql(`insert into organizations (name) values ('Grid Federation') returning id`)) as { id: number }[];
  [{ id: promoterId }] = (await sql(`insert into promoters (user_id, organization_id, name) values ($1, $2, 'Grid Club') returning id`, [PROMOTER_USER, organizationId])) as { id: number }[];
  await sql(`insert into promoters (user_id, organization_id, name) values (980502, $1, 'Other Club')`, [organizationId]);
  [{ id: eventId }] = (await sql(`insert into events (promoter_id, organization_id, name, start_date, state) values ($1, $2, 'Grid MX', '2026-07-04', 'QC') returning id`, [promoterId, organizationId])) as { id: number }[];
  [cls.open, cls.vet] = (await sql(`insert into classes (organization_id, name) values ($1, 'Grid Open'), ($1, 'Grid Vet') returning id`, [organizationId])).map((r) => r.id as number);
  await sql(`insert into event_classes (event_id, class_id, fee_cents, sort_order) values ($1, $2, 5000, 1), ($1, $3, 3000, 2)`, [eventId, cls.open, cls.vet]);
  const riders = [];
  for (const [i, name] of ['Ann', 'Ben', 'Cat', 'Dov', 'Eve', 'Fay'].entries()) riders.push(await rider(name, cls.open, 10 + i));
  early = riders.map((r) => r.registrationId);
  await rider('Wait', cls.open, 30, 'waiting');
  await rider('Gone', cls.open, 5, 'cancelled');
  await rider('Vic', cls.vet, 1);
  // Ann rides for Grid Club: her membership valid on the event's day names it.
  const [{ id: type }] = (await sql(`insert into membership_types (organization_id, name, price_cents, validity) values ($1, 'Season', 10000, 'season') returning id`, [organizationId])) as { id: number }[];
  await sql(`insert into memberships (organization_id, participant_id, membership_type_id, number, promoter_id, valid_from, valid_until) values ($1, $2, $3, 'G1', $4, '2026-01-01', '2026-12-31')`, [organizationId, riders[0]!.participantId, type, promoterId]);
  staff = (await deskLogin(sql, 'promoter', PROMOTER_USER)).cookie;
});

describe('the start grid', () => {
  it('follows registration order, registered riders only, with public fields only', async () => {
    const classes = await grid.readStartGrid(eventId);
    expect(classes.map((c) => [c.className, c.drawn])).toEqual([
      ['Grid Open', false],
      ['Grid Vet', false],
    ]);
    expect(ids(classes[0])).toEqual(early);
    expect(classes[0]!.rows[0]).toEqual({ registrationId: early[0], position: 1, number: '110', firstName: 'Ann', lastName: 'Grid', club: 'Grid Club', city: 'Trois-Rivières', state: 'QC' });
    expect(classes[0]!.rows.map((r) => r.position)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('a draw is a permutation written as positions 1…n, shown in that order, audited and revalidated', async () => {
    const published = db.published.length;
    const reply = await deskCall(api, 'POST', `/desk/events/${eventId}/classes/${cls.open}/start-grid/draw`, { cookie: staff });
    expect(reply.status).toBe(200);
    const drawn = reply.body as unknown as { drawn: boolean; rows: { registrationId: number; position: number }[] };
    expect(drawn.drawn).toBe(true);
    expect([...ids(drawn)].sort((a, b) => a - b)).toEqual([...early].sort((a, b) => a - b));
    expect(drawn.rows.map((r) => r.position)).toEqual([1, 2, 3, 4, 5, 6]);
    const stored = await sql(`select id, grid_position from registrations where event_id = $1 and class_id = $2 and grid_position is not null order by grid_position`, [eventId, cls.open]);
    expect(stored.map((r) => r.id)).toEqual(ids(drawn));
    expect(stored.map((r) => r.grid_position)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ids((await grid.getStartGrid(eventId))[0])).toEqual(ids(drawn));
    // The other class is left as it was.
    expect((await grid.readStartGrid(eventId))[1]!.drawn).toBe(false);
    expect(db.published.slice(published)).toContain(`event:${eventId}`);
    const [audit] = await sql(`select entity, entity_id, after from desk_audit where event_id = $1 and entity = 'class' order by id desc limit 1`, [eventId]);
    expect(audit).toMatchObject({ entity: 'class', entity_id: cls.open, after: { startGrid: ids(drawn), drawn: true } });

    // The entry list for timing software follows the grid.
    const res = await api.request(`/api/v1/desk/events/${eventId}/entries.csv`, { headers: { host: 'localhost', cookie: staff } });
    const numbers = (await res.text()).replace(/^\uFEFF/, '').trim().split('\r\n').slice(1).filter((l) => l.includes('Grid Open')).map((l) => l.split(',')[0]);
    expect(numbers).toEqual(drawn.rows.map((r) => (r as unknown as { number: string }).number));
  });

  it('a rider registered after the draw goes after the drawn ones', async () => {
    const drawnOrder = ids((await grid.readStartGrid(eventId))[0]);
    const late = await rider('Lou', cls.open, 50);
    const open = (await grid.readStartGrid(eventId))[0]!;
    expect(ids(open)).toEqual([...drawnOrder, late.registrationId]);
    expect(open.rows.at(-1)!.position).toBe(7);
  });

  it('back to registration order undoes the draw', async () => {
    const reply = await deskCall(api, 'POST', `/desk/events/${eventId}/classes/${cls.open}/start-grid/clear`, { cookie: staff });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ drawn: false });
    expect(ids((await grid.readStartGrid(eventId))[0]).slice(0, 6)).toEqual(early);
    expect(await sql(`select count(*)::int as n from registrations where event_id = $1 and grid_position is not null`, [eventId])).toEqual([{ n: 0 }]);
  });

  it('another promoter’s staff, a participant and an unknown class get not_found; no login 401; nothing changes', async () => {
    const other = (await deskLogin(sql, 'promoter', 980502)).cookie;
    const participant = (await deskLogin(sql, 'participant')).cookie;
    const path = `/desk/events/${eventId}/classes/${cls.open}/start-grid/draw`;
    expect(await deskCall(api, 'POST', path, { cookie: other })).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(await deskCall(api, 'POST', path, { cookie: participant })).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect((await deskCall(api, 'POST', path)).status).toBe(401);
    expect((await deskCall(api, 'POST', `/desk/events/${eventId}/classes/999999/start-grid/draw`, { cookie: staff })).status).toBe(404);
    expect(await sql(`select count(*)::int as n from registrations where event_id = $1 and grid_position is not null`, [eventId])).toEqual([{ n: 0 }]);
  });
});
