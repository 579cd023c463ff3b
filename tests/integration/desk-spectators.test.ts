/**
 * An event's spectator-ticket settings on the promoter's desk, against a real database through the
 * API app (issue 28 "the event sets ticket prices, age bands, daily capacity and whether a selfie
 * is required, in the desk"): the event's promoter saves them and reads them back, with one audit
 * record and the event's pages revalidated; bands out of order or twice at one age, and a price or
 * an age that is not one, are refused on their fields and change nothing; another promoter's event
 * answers 404 and a visitor who is not logged in 401. The gate page's event (policy `tickets.scan`):
 * the promoter's staff and officials may scan at it, another promoter's staff may not.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { deskCall, deskLogin, setUpDeskDatabase, type Api, type Sql } from './desk-kit';

const db = setUpDeskDatabase('desk-spectators');

let api: Api;
let sql: Sql;
let mine: { eventId: number; cookie: string; userId: string };
let theirs: { eventId: number; cookie: string; userId: string };

/** A new promoter with a two-day event, and a staff login. */
async function promoter(n: number) {
  const userId = 981_000 + n;
  const [p] = await sql(`insert into promoters (user_id, name) values ($1, $2) returning id`, [userId, `Spectator Promoter ${n}`]);
  const [event] = await sql(`insert into events (promoter_id, name, start_date, end_date) values ($1, $2, '2027-07-10', '2027-07-11') returning id`, [p!.id, `Spectator Motocross ${n}`]);
  const login = await deskLogin(sql, 'promoter', userId);
  return { eventId: event!.id as number, cookie: login.cookie, userId: login.id };
}

beforeAll(async () => {
  ({ api, sql } = db);
  mine = await promoter(1);
  theirs = await promoter(2);
});

const SETTINGS = {
  enabled: true,
  bands: [
    { minAge: 6, priceCents: 1000 },
    { minAge: 13, priceCents: 1500 },
    { minAge: 18, priceCents: 2500 },
  ],
  freeUnderAge: 6,
  dailyCapacity: 800,
  selfie: true,
  payAtGate: false,
};

const path = (eventId: number) => `/desk/events/${eventId}/spectator-settings`;
const stored = async (eventId: number) => (await sql('select spectator_settings from events where id = $1', [eventId]))[0]!.spectator_settings;
const audits = async (eventId: number) => (await sql('select count(*)::int as n from desk_audit where event_id = $1', [eventId]))[0]!.n;

describe('spectator-ticket settings on the desk', () => {
  it('gives an event that never set any the defaults: tickets off', async () => {
    const read = await deskCall(api, 'GET', path(mine.eventId), { cookie: mine.cookie });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ settings: { enabled: false, bands: [{ minAge: 0, priceCents: 2000 }], freeUnderAge: 6, dailyCapacity: null, selfie: false, payAtGate: true } });
  });

  it('saves them for the event’s promoter, reads them back, records one audited change and revalidates the event', async () => {
    const before = db.published.length;
    const saved = await deskCall(api, 'PUT', path(mine.eventId), { cookie: mine.cookie, body: SETTINGS });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ changed: true, settings: SETTINGS });
    expect(await stored(mine.eventId)).toEqual(SETTINGS);
    expect((await deskCall(api, 'GET', path(mine.eventId), { cookie: mine.cookie })).body).toEqual({ settings: SETTINGS });
    const [audit] = await sql(`select entity, entity_id, action, "before", "after" from desk_audit where event_id = $1 order by id desc limit 1`, [mine.eventId]);
    expect(audit).toMatchObject({ entity: 'event', entity_id: mine.eventId, action: 'update', before: { spectatorSettings: expect.objectContaining({ enabled: false }) }, after: { spectatorSettings: SETTINGS } });
    expect(db.published.slice(before)).toContain(`event:${mine.eventId}`);
    // The same settings again change nothing and record nothing.
    const n = await audits(mine.eventId);
    const again = await deskCall(api, 'PUT', path(mine.eventId), { cookie: mine.cookie, body: SETTINGS });
    expect(again.body).toMatchObject({ changed: false });
    expect(await audits(mine.eventId)).toBe(n);
  });

  it('refuses bands out of order or twice at one age, and prices or ages that are not ones, on their fields, changing nothing', async () => {
    const n = await audits(mine.eventId);
    const order = await deskCall(api, 'PUT', path(mine.eventId), {
      cookie: mine.cookie,
      body: {
        ...SETTINGS,
        bands: [
          { minAge: 18, priceCents: 2500 },
          { minAge: 12, priceCents: 1500 },
          { minAge: 18, priceCents: 3000 },
        ],
      },
    });
    expect(order.status).toBe(400);
    expect(order.body!.issues).toEqual([
      { path: ['bands', 1, 'minAge'], code: 'invalid_band_order' },
      { path: ['bands', 2, 'minAge'], code: 'invalid_band_duplicate' },
    ]);

    const values = await deskCall(api, 'PUT', path(mine.eventId), {
      cookie: mine.cookie,
      body: { ...SETTINGS, bands: [{ minAge: -1, priceCents: 10.5 }], freeUnderAge: 200, dailyCapacity: 0 },
    });
    expect(values.status).toBe(400);
    expect(values.body!.issues).toEqual([
      { path: ['bands', 0, 'minAge'], code: 'invalid_band_age' },
      { path: ['bands', 0, 'priceCents'], code: 'invalid_band_price' },
      { path: ['freeUnderAge'], code: 'invalid_free_under_age' },
      { path: ['dailyCapacity'], code: 'invalid_daily_capacity' },
    ]);

    const none = await deskCall(api, 'PUT', path(mine.eventId), { cookie: mine.cookie, body: { ...SETTINGS, bands: [] } });
    expect(none.status).toBe(400);
    expect(none.body!.issues).toEqual([{ path: ['bands'], code: 'null_bands' }]);

    expect(await stored(mine.eventId)).toEqual(SETTINGS);
    expect(await audits(mine.eventId)).toBe(n);
  });

  it('answers another promoter’s event like an unknown one, and a visitor who is not logged in 401', async () => {
    const n = await audits(mine.eventId);
    expect((await deskCall(api, 'PUT', path(mine.eventId), { cookie: theirs.cookie, body: { ...SETTINGS, payAtGate: true } })).status).toBe(404);
    expect((await deskCall(api, 'GET', path(mine.eventId), { cookie: theirs.cookie })).status).toBe(404);
    expect((await deskCall(api, 'PUT', path(mine.eventId), { body: { ...SETTINGS, payAtGate: true } })).status).toBe(401);
    expect((await deskCall(api, 'GET', path(mine.eventId))).status).toBe(401);
    expect((await deskCall(api, 'PUT', path(999_999), { cookie: mine.cookie, body: SETTINGS })).status).toBe(404);
    expect(await stored(mine.eventId)).toEqual(SETTINGS);
    expect(await audits(mine.eventId)).toBe(n);
    // Their own event is theirs to set.
    expect((await deskCall(api, 'PUT', path(theirs.eventId), { cookie: theirs.cookie, body: { ...SETTINGS, enabled: false } })).status).toBe(200);
  });
});

describe('the gate page’s event (policy tickets.scan)', () => {
  it('is open to the event’s promoter staff and to officials, not to another promoter’s staff', async () => {
    const { gateEvent } = await import('../../lib/server/tickets');
    const getGateEvent = async (...args: Parameters<typeof gateEvent>) => (await gateEvent(...args)).event;
    const { loadPrincipal } = await import('../../lib/server/policy');
    const official = await deskLogin(sql, 'official');
    const expected = { id: mine.eventId, promoterId: expect.any(Number), name: 'Spectator Motocross 1', startDate: '2027-07-10', endDate: '2027-07-11' };
    expect(await getGateEvent(await loadPrincipal(mine.userId), mine.eventId)).toEqual(expected);
    expect(await getGateEvent(await loadPrincipal(official.id), mine.eventId)).toEqual(expected);
    await expect(getGateEvent(await loadPrincipal(theirs.userId), mine.eventId)).rejects.toMatchObject({ code: 'not_found' });
    await expect(getGateEvent(null, mine.eventId)).rejects.toMatchObject({ code: 'unauthenticated' });
  });
});
