/**
 * The permission lookups (spec §6 Roles and permissions, §7 Permission calls) against a real
 * PostgreSQL database: the module's six rules and the six `users/current/hasPermission…`
 * endpoints, each answering the JSON number 1 or 0, and 400 for malformed ids and bodies.
 * Rows of their own (a second organization, public and hidden clubs, a hidden event, a hidden
 * race, series, events open and closed to online registration) are added to the seeded copy.
 */
import { addDays, format } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase, type TestDatabase } from './setup';

let database: TestDatabase | undefined;
let api: { request: (path: string, init?: RequestInit) => Response | Promise<Response> };
let perms: typeof import('../../lib/server/permissions');

/** Ids of the rows inserted below. */
const ids = {
  federationClub: 0,
  hiddenClub: 0,
  otherOrgClub: 0,
  publicEvent: 0,
  hiddenEvent: 0,
  hiddenClubEvent: 0,
  publicRace: 0,
  hiddenRace: 0,
  raceOfHiddenEvent: 0,
  defaultSeries: 0,
  clubSeries: 0,
  otherOrgSeries: 0,
  hiddenSeries: 0,
  hiddenClubSeries: 0,
  registrationOpen: 0,
  registrationClosesToday: 0,
  registrationClosed: 0,
  registrationDisabled: 0,
  registrationComplete: 0,
  registrationPast: 0,
  registrationHidden: 0,
};
/** Promoter user ids (high, to stay clear of any sample data). */
const USERS = { federationClub: 910_001, hiddenClub: 910_002, otherOrgClub: 910_003 };
let today = '';

beforeAll(async () => {
  database = await useTestDatabase('seeded');
  const { createApiApp } = await import('../../lib/server/api/app');
  api = createApiApp();
  perms = await import('../../lib/server/permissions');
  today = (await import('../../lib/format')).federationDate();
  const day = (offset: number) => format(addDays(new Date(`${today}T12:00:00Z`), offset), 'yyyy-MM-dd');

  const { getDb } = await import('../../lib/server/db');
  const { events, organizations, promoters, races, series } = await import('../../lib/server/db/schema');
  const { eq } = await import('drizzle-orm');
  const db = getDb();
  const [defaultPromoter] = await db.select().from(promoters).where(eq(promoters.userId, 1));
  const federation = defaultPromoter!.organizationId!;
  const [otherOrg] = await db.insert(organizations).values({ name: 'Permissions test: Ontario association' }).returning();

  const club = async (userId: number, name: string, organizationId: number, isPublic = true) =>
    (await db.insert(promoters).values({ userId, name, organizationId, isPublic }).returning())[0]!.id;
  ids.federationClub = await club(USERS.federationClub, 'Permissions test: Club Laurentides', federation);
  ids.hiddenClub = await club(USERS.hiddenClub, 'Permissions test: hidden club', federation, false);
  ids.otherOrgClub = await club(USERS.otherOrgClub, 'Permissions test: Ontario club', otherOrg!.id);

  const event = async (values: Partial<typeof events.$inferInsert> & { name: string }) =>
    (await db.insert(events).values({ promoterId: defaultPromoter!.id, startDate: day(30), ...values }).returning())[0]!.id;
  ids.publicEvent = await event({ name: 'Permissions test: public event' });
  ids.hiddenEvent = await event({ name: 'Permissions test: hidden event', isPublic: false });
  ids.hiddenClubEvent = await event({ name: 'Permissions test: event of a hidden club', promoterId: ids.hiddenClub });
  ids.registrationOpen = await event({ name: 'Permissions test: registration open', promoterId: ids.federationClub, registrationOpen: true });
  ids.registrationClosesToday = await event({ name: 'Permissions test: registration closes today', registrationOpen: true, registrationClosesOn: today });
  ids.registrationClosed = await event({ name: 'Permissions test: registration closed', registrationOpen: true, registrationClosesOn: day(-1) });
  ids.registrationDisabled = await event({ name: 'Permissions test: no online registration' });
  ids.registrationComplete = await event({ name: 'Permissions test: complete', registrationOpen: true, isComplete: true });
  ids.registrationPast = await event({ name: 'Permissions test: past', registrationOpen: true, startDate: day(-3), endDate: day(-2) });
  ids.registrationHidden = await event({ name: 'Permissions test: hidden, registration open', registrationOpen: true, isPublic: false });

  const race = async (eventId: number, name: string, isPublic = true) =>
    (await db.insert(races).values({ eventId, name, isPublic, config: { columns: [], classes: [] } as never }).returning())[0]!.id;
  ids.publicRace = await race(ids.publicEvent, 'Permissions test: public race');
  ids.hiddenRace = await race(ids.publicEvent, 'Permissions test: hidden race', false);
  ids.raceOfHiddenEvent = await race(ids.hiddenEvent, 'Permissions test: race of a hidden event');

  const championship = async (promoterId: number, name: string, isPublic = true) =>
    (await db.insert(series).values({ promoterId, name, isPublic, startDate: day(-100), endDate: day(100) }).returning())[0]!.id;
  ids.defaultSeries = await championship(defaultPromoter!.id, 'Permissions test: federation championship');
  ids.clubSeries = await championship(ids.federationClub, 'Permissions test: club championship');
  ids.otherOrgSeries = await championship(ids.otherOrgClub, 'Permissions test: Ontario championship');
  ids.hiddenSeries = await championship(defaultPromoter!.id, 'Permissions test: hidden championship', false);
  ids.hiddenClubSeries = await championship(ids.hiddenClub, 'Permissions test: hidden club championship');
});
afterAll(() => database?.drop());

async function call(path: string, init?: RequestInit) {
  const res = await api.request(`/api/v1/users/current${path}`, init);
  return { status: res.status, body: await res.json(), cache: res.headers.get('cache-control') };
}
const post = (path: string, body: unknown, contentType = 'application/json') =>
  call(path, { method: 'POST', headers: contentType ? { 'content-type': contentType } : {}, body: typeof body === 'string' ? body : JSON.stringify(body) });

describe('DisplayEvent (spec §6 Event display)', () => {
  it('allows a public event of a public promoter, of any club', async () => {
    expect(await perms.canDisplayEvent(ids.publicEvent)).toBe(1);
    expect(await perms.canDisplayEvent(ids.registrationOpen)).toBe(1);
    expect(await call(`/hasPermissionDisplayEvent/${ids.publicEvent}/1`)).toEqual({ status: 200, body: 1, cache: 'no-store' });
    expect((await call(`/hasPermissionDisplayEvent/${ids.registrationOpen}/1`)).body).toBe(1);
  });

  it('refuses a hidden event, an event of a hidden club and an unknown one', async () => {
    for (const id of [ids.hiddenEvent, ids.hiddenClubEvent, 999_999]) {
      expect(await perms.canDisplayEvent(id)).toBe(0);
      expect(await call(`/hasPermissionDisplayEvent/${id}/1`)).toEqual({ status: 200, body: 0, cache: 'no-store' });
    }
  });

  it('the pages’ own check agrees', async () => {
    expect((await perms.displayableEvent([String(ids.publicEvent)]))?.id).toBe(ids.publicEvent);
    expect(await perms.displayableEvent([String(ids.hiddenEvent)])).toBeNull();
    expect(await perms.displayableEvent([String(ids.hiddenClubEvent)])).toBeNull();
    expect(await perms.displayableEvent(undefined)).toBeNull();
    expect(await perms.displayableEvent(['abc'])).toBeNull();
  });
});

describe('ForPromoterId (spec §6 Promoter display)', () => {
  it('allows a public promoter named in the list, or a club of the same organization', async () => {
    expect(await perms.canDisplayPromoter(USERS.federationClub, [USERS.federationClub])).toBe(1);
    expect(await perms.canDisplayPromoter(USERS.federationClub, [1])).toBe(1);
    expect(await perms.canDisplayPromoter(1, [USERS.federationClub])).toBe(1);
    expect(await perms.canDisplayPromoter(USERS.otherOrgClub, [1, USERS.otherOrgClub])).toBe(1);
    expect(await post(`/hasPermissionForPromoterId/${USERS.federationClub}`, { users_id: [1] })).toEqual({ status: 200, body: 1, cache: 'no-store' });
  });

  it('allows any public promoter with an empty list', async () => {
    expect(await perms.canDisplayPromoter(USERS.otherOrgClub, [])).toBe(1);
    expect((await post(`/hasPermissionForPromoterId/${USERS.otherOrgClub}`, { users_id: [] })).body).toBe(1);
    expect((await post(`/hasPermissionForPromoterId/${USERS.hiddenClub}`, { users_id: [] })).body).toBe(0);
  });

  it('refuses a promoter of another organization, a hidden one and an unknown one', async () => {
    expect(await perms.canDisplayPromoter(USERS.otherOrgClub, [1])).toBe(0);
    expect(await perms.canDisplayPromoter(USERS.hiddenClub, [1, USERS.hiddenClub])).toBe(0);
    expect(await perms.canDisplayPromoter(999_999, [1])).toBe(0);
    expect(await perms.canDisplayPromoter(1, [999_998])).toBe(0);
    expect((await post(`/hasPermissionForPromoterId/${USERS.otherOrgClub}`, { users_id: [1] })).body).toBe(0);
    expect((await post('/hasPermissionForPromoterId/999999', { users_id: [1] })).body).toBe(0);
  });
});

describe('DisplayRace (spec §6 Race display)', () => {
  it('allows a race of a displayable event, hidden from public display or not', async () => {
    for (const id of [ids.publicRace, ids.hiddenRace]) {
      expect(await perms.canDisplayRace(id)).toBe(1);
      expect((await call(`/hasPermissionDisplayRace/${id}/1`)).body).toBe(1);
      expect((await call(`/hasPermissionDisplayRace/${id}`)).body).toBe(1);
    }
  });

  it('refuses a race of a hidden event and an unknown one', async () => {
    for (const id of [ids.raceOfHiddenEvent, 999_999]) {
      expect(await perms.canDisplayRace(id)).toBe(0);
      expect(await call(`/hasPermissionDisplayRace/${id}/1`)).toEqual({ status: 200, body: 0, cache: 'no-store' });
      expect((await call(`/hasPermissionDisplayRace/${id}`)).body).toBe(0);
    }
  });
});

describe('DisplaySeriesForPromoter and DisplaySeries (spec §6 Series display)', () => {
  it('allows a public series of a listed promoter or of a club of its organization', async () => {
    expect(await perms.canDisplaySeriesForPromoter(ids.defaultSeries, [1])).toBe(1);
    expect(await perms.canDisplaySeriesForPromoter(ids.clubSeries, [1])).toBe(1);
    expect(await perms.canDisplaySeriesForPromoter(ids.otherOrgSeries, [1, USERS.otherOrgClub])).toBe(1);
    expect(await perms.canDisplaySeriesForPromoter(ids.otherOrgSeries, [])).toBe(1);
    for (const list of ['1', '1,2', '[1,2]', '[1, 2]', '%5B1%2C2%5D']) {
      expect(await call(`/hasPermissionDisplaySeriesForPromoter/${ids.clubSeries}/${list}`), list).toEqual({ status: 200, body: 1, cache: 'no-store' });
    }
    expect((await call(`/hasPermissionDisplaySeriesForPromoter/${ids.otherOrgSeries}/[]`)).body).toBe(1);
  });

  it('refuses another organization’s series, a hidden one, a hidden club’s and an unknown one', async () => {
    expect(await perms.canDisplaySeriesForPromoter(ids.otherOrgSeries, [1])).toBe(0);
    expect(await perms.canDisplaySeriesForPromoter(ids.hiddenSeries, [1])).toBe(0);
    expect(await perms.canDisplaySeriesForPromoter(ids.hiddenClubSeries, [1, USERS.hiddenClub])).toBe(0);
    expect(await perms.canDisplaySeriesForPromoter(999_999, [1])).toBe(0);
    expect((await call(`/hasPermissionDisplaySeriesForPromoter/${ids.otherOrgSeries}/[1]`)).body).toBe(0);
  });

  it('DisplaySeries: the same against one promoter', async () => {
    expect(await perms.canDisplaySeries(ids.defaultSeries, 1)).toBe(1);
    expect(await perms.canDisplaySeries(ids.clubSeries, 1)).toBe(1);
    expect(await perms.canDisplaySeries(ids.otherOrgSeries, 1)).toBe(0);
    expect(await perms.canDisplaySeries(ids.otherOrgSeries, USERS.otherOrgClub)).toBe(1);
    expect(await perms.canDisplaySeries(ids.hiddenSeries, 1)).toBe(0);
    expect(await call(`/hasPermissionDisplaySeries/${ids.clubSeries}/1`)).toEqual({ status: 200, body: 1, cache: 'no-store' });
    expect((await call(`/hasPermissionDisplaySeries/${ids.otherOrgSeries}/1`)).body).toBe(0);
    expect((await call('/hasPermissionDisplaySeries/999999/1')).body).toBe(0);
  });
});

describe('RegisterOnline (spec §6 Online registration, §4 Registration status)', () => {
  it('allows a displayable event whose registration is open today', async () => {
    for (const id of [ids.registrationOpen, ids.registrationClosesToday]) {
      expect(await perms.canRegisterOnline(id)).toBe(1);
      expect(await call(`/hasPermissionRegisterOnline/${id}/1`)).toEqual({ status: 200, body: 1, cache: 'no-store' });
    }
  });

  it('refuses registration closed, not offered, done, on a hidden event or an unknown one', async () => {
    for (const id of [ids.registrationClosed, ids.registrationDisabled, ids.registrationComplete, ids.registrationPast, ids.registrationHidden, 999_999]) {
      expect(await perms.canRegisterOnline(id), String(id)).toBe(0);
      expect((await call(`/hasPermissionRegisterOnline/${id}/1`)).body).toBe(0);
    }
  });

  it('judges by the given day: open until the closing day, inclusive', async () => {
    const tomorrow = format(addDays(new Date(`${today}T12:00:00Z`), 1), 'yyyy-MM-dd');
    expect(await perms.canRegisterOnline(ids.registrationClosesToday, 1, today)).toBe(1);
    expect(await perms.canRegisterOnline(ids.registrationClosesToday, 1, tomorrow)).toBe(0);
  });
});

describe('bad calls', () => {
  it('answers 400 invalid_id for a malformed id, with the spec’s text', async () => {
    const cases: [string, string][] = [
      ['/hasPermissionDisplayEvent/abc/1', 'The provided event id is invalid'],
      ['/hasPermissionDisplayEvent/1/zero', 'The provided promoter id is invalid'],
      ['/hasPermissionDisplayEvent/0/1', 'The provided event id is invalid'],
      ['/hasPermissionDisplayEvent/1%20/1', 'The provided event id is invalid'],
      ['/hasPermissionDisplayEvent/2147483648/1', 'The provided event id is invalid'],
      ['/hasPermissionDisplayRace/x', 'The provided race id is invalid'],
      ['/hasPermissionDisplayRace/1/-1', 'The provided promoter id is invalid'],
      ['/hasPermissionDisplaySeries/1.5/1', 'The provided series id is invalid'],
      ['/hasPermissionDisplaySeriesForPromoter/x/1', 'The provided series id is invalid'],
      ['/hasPermissionDisplaySeriesForPromoter/1/abc', 'The provided promoter id is invalid'],
      ['/hasPermissionDisplaySeriesForPromoter/1/1,', 'The provided promoter id is invalid'],
      ['/hasPermissionDisplaySeriesForPromoter/1/[1,2', 'The provided promoter id is invalid'],
      ['/hasPermissionDisplaySeriesForPromoter/1/{"a":1}', 'The provided promoter id is invalid'],
      ['/hasPermissionRegisterOnline/01/1', 'The provided event id is invalid'],
    ];
    for (const [path, message] of cases) {
      expect(await call(path), path).toMatchObject({ status: 400, body: { error: 'invalid_id', message, statusCode: 400 } });
    }
    expect((await post('/hasPermissionForPromoterId/abc', { users_id: [1] })).body).toEqual({ error: 'invalid_id', message: 'The provided promoter id is invalid', statusCode: 400 });
  });

  it('answers 400 for a bad hasPermissionForPromoterId body', async () => {
    expect((await post('/hasPermissionForPromoterId/1', {})).body).toEqual({ error: 'null_id', message: 'Please provide the user ids', statusCode: 400 });
    for (const body of [{ users_id: 1 }, { users_id: '1' }, { users_id: ['1'] }, { users_id: [0] }, { users_id: [1.5] }, { users_id: [null] }, { users_id: Array.from({ length: 101 }, (_, i) => i + 1) }]) {
      expect((await post('/hasPermissionForPromoterId/1', body)).body, JSON.stringify(body).slice(0, 40)).toEqual({ error: 'invalid_id', message: 'The provided user id is invalid', statusCode: 400 });
    }
    expect(await post('/hasPermissionForPromoterId/1', '{oops')).toMatchObject({ status: 400, body: { error: 'invalid_json' } });
    expect((await post('/hasPermissionForPromoterId/1', '[1]')).status).toBe(400);
    expect((await post('/hasPermissionForPromoterId/1', 'null')).status).toBe(400);
    expect(await post('/hasPermissionForPromoterId/1', '')).toMatchObject({ status: 400, body: { error: 'invalid_json' } });
    const unsupported = { status: 415, body: { error: 'unsupported_media_type', message: 'The request body must be JSON (Content-Type: application/json)', statusCode: 415 } };
    expect(await post('/hasPermissionForPromoterId/1', 'users_id=1', 'application/x-www-form-urlencoded')).toMatchObject(unsupported);
    expect(await post('/hasPermissionForPromoterId/1', JSON.stringify({ users_id: [1] }), '')).toMatchObject(unsupported);
    expect((await post('/hasPermissionForPromoterId/1', { users_id: [1] }, 'application/json; charset=utf-8')).body).toBe(1);
  });

  it('answers 405 for a wrong method', async () => {
    const get = await call('/hasPermissionForPromoterId/1');
    expect(get).toMatchObject({ status: 405, body: { error: 'method_not_allowed' } });
    expect((await post('/hasPermissionDisplayEvent/1/1', {})).status).toBe(405);
  });
});
