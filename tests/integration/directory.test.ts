/**
 * Promoters and organizations (spec §2 /promoters/{id?}, Organization pages; §7
 * livelaps/promoter/{id}, livelaps/promoter/{id}/series, livelaps/organization/{id}) against a
 * real PostgreSQL database: the three API calls with their errors, the domain reads behind the
 * pages (promoters list, events by season, classes, members, membership types, series), and
 * the organization's contact form (stored with its organization_id, written to the outbox
 * addressed to the organization's email as stored; refused for an unknown or hidden one).
 * The test inserts its own league, clubs, events, series, classes and members in a copy of the
 * `empty` template (the federation and the default promoter only).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestDatabase, type TestDatabase } from './setup';

const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'll-directory-outbox-'));
process.env.OUTBOX_DIR = outbox;
process.env.CONTACT_EMAIL = 'contact@federation.test';
process.env.MAIL_FROM = 'Federation <no-reply@federation.test>';
delete process.env.SMTP_URL;
delete process.env.CAPTCHA_SECRET_KEY;

// The CMS's parameters as a site without them has: the spec's defaults (no ContactEmail, no captcha).
vi.mock('../../lib/cms', async () => {
  const { DEFAULT_SETTINGS } = await vi.importActual<typeof import('../../lib/cms/settings')>('../../lib/cms/settings');
  return { getSiteSettings: async () => ({ ...DEFAULT_SETTINGS, contactEmail: null, captchaSiteKey: null }) };
});

let database: TestDatabase | undefined;
let api: { request: (path: string, init?: RequestInit) => Response | Promise<Response> };
let db: ReturnType<typeof import('../../lib/server/db').getDb>;
let schema: typeof import('../../lib/server/db').schema;
let today: string;

/** YYYY-MM-DD `days` after `today`. */
const shift = (days: number) => {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

const ids = {} as {
  league: number;
  hiddenOrg: number;
  bareOrg: number;
  club: number;
  hiddenClub: number;
  otherClub: number;
  rivalClub: number;
  future: number;
  past: number;
  older: number;
  hiddenEvent: number;
  sanctioned: number;
  foreign: number;
  series: number;
};

beforeAll(async () => {
  database = await useTestDatabase('empty');
  const dbModule = await import('../../lib/server/db');
  const { createApiApp } = await import('../../lib/server/api/app');
  const { federationDate } = await import('../../lib/format');
  db = dbModule.getDb();
  schema = dbModule.schema;
  api = createApiApp();
  today = federationDate();
  const s = schema;
  const insertId = async <T extends { id: number }>(rows: Promise<T[]>) => (await rows)[0]!.id;

  ids.league = await insertId(
    db
      .insert(s.organizations)
      .values({
        name: 'Eastern Trail League',
        city: 'Sherbrooke',
        state: 'QC',
        email: 'office@league.test',
        website: 'league.test',
        phone: '819-555-0100',
        address: '12 Rue du Lac',
        postalCode: 'J1H 1A1',
        description: 'We sanction trail races.\n\nSince 1988.',
      })
      .returning(),
  );
  ids.hiddenOrg = await insertId(db.insert(s.organizations).values({ name: 'Secret Union', email: 'secret@union.test', isPublic: false }).returning());
  ids.bareOrg = await insertId(db.insert(s.organizations).values({ name: 'Quiet Club Council' }).returning());

  const club = (userId: number, name: string, organizationId: number, more: Record<string, unknown> = {}) =>
    insertId(db.insert(s.promoters).values({ userId, name, organizationId, city: 'Magog', state: 'QC', ...more }).returning());
  ids.club = await club(501, 'Magog Moto Club', ids.league, { email: 'club@magog.test', website: 'https://magog.test', phone: '819 555 0101', description: 'A club.\n\nWith a track.' });
  ids.hiddenClub = await club(502, 'Ghost Riders', ids.league, { isPublic: false });
  ids.otherClub = await club(503, 'Secret Riders', ids.hiddenOrg);
  ids.rivalClub = await club(504, 'Austin Off-Road', ids.league);

  const event = (promoterId: number, name: string, startDate: string, more: Record<string, unknown> = {}) =>
    insertId(db.insert(s.events).values({ promoterId, name, startDate, location: 'Magog Track', ...more }).returning());
  ids.future = await event(ids.club, 'Spring Scramble', shift(30), { registrationOpen: true, endDate: shift(31) });
  ids.past = await event(ids.club, 'Last Year Enduro', `${Number(today.slice(0, 4)) - 1}-06-01`);
  ids.older = await event(ids.club, 'Old Cup', `${Number(today.slice(0, 4)) - 2}-08-15`, { isComplete: true });
  ids.hiddenEvent = await event(ids.club, 'Private Practice', shift(10), { isPublic: false });
  // Sanctioned by the league though run by the federation's default promoter (promoters.id 1).
  ids.sanctioned = await event(1, 'League Final', shift(60), { organizationId: ids.league });
  // Run by a league club but sanctioned by another organization: not the league's.
  ids.foreign = await event(ids.rivalClub, 'Council Cup', shift(20), { organizationId: ids.bareOrg });
  await db.insert(s.races).values({ eventId: ids.past, name: 'Pro', config: {} as never });

  ids.series = await insertId(db.insert(s.series).values({ promoterId: ids.club, name: 'Magog Cup', startDate: `${today.slice(0, 4)}-01-01`, endDate: `${today.slice(0, 4)}-12-31`, rules: { dropScores: 1 } }).returning());
  await db.insert(s.seriesEvents).values([
    { seriesId: ids.series, eventId: ids.future },
    { seriesId: ids.series, eventId: ids.past },
    { seriesId: ids.series, eventId: ids.hiddenEvent },
  ]);
  await db.insert(s.series).values({ promoterId: ids.club, name: 'Hidden Cup', startDate: '2020-01-01', endDate: '2020-12-31', isPublic: false });
  await db.insert(s.series).values({ promoterId: ids.hiddenClub, name: 'Ghost Cup', startDate: '2021-01-01', endDate: '2021-12-31' });

  const [mx, youth] = await db
    .insert(s.classGroups)
    .values([
      { name: 'League Motocross', organizationId: ids.league, sortOrder: 2 },
      { name: 'League Youth', organizationId: ids.league, sortOrder: 1 },
    ])
    .returning();
  await db.insert(s.classGroups).values({ name: 'League Empty', organizationId: ids.league, sortOrder: 3 });
  await db.insert(s.classes).values([
    { name: 'League 85cc', classGroupId: youth!.id, organizationId: ids.league, minAge: 9, maxAge: 15, sortOrder: 2, description: 'Big wheels' },
    { name: 'League 65cc', classGroupId: youth!.id, organizationId: ids.league, minAge: 7, maxAge: 11, sortOrder: 1 },
    { name: 'League Open', classGroupId: mx!.id, organizationId: ids.league, minAge: 16 },
    // No organization of its own, but in a league group: the league's.
    { name: 'League Vet 30+', classGroupId: mx!.id, minAge: 30, sortOrder: 5 },
    { name: 'League Women', organizationId: ids.league, sortOrder: 9 },
    { name: 'Union Pro', organizationId: ids.hiddenOrg },
  ]);

  const [season, day] = await db
    .insert(s.membershipTypes)
    .values([
      { organizationId: ids.league, name: 'Adult season', priceCents: 15000, minAge: 18, sortOrder: 1, description: 'All league races.' },
      { organizationId: ids.league, name: 'One-day', priceCents: 2500, validity: 'event', sortOrder: 2 },
    ])
    .returning();
  const people = await db
    .insert(s.participants)
    .values([
      { firstName: 'Zoé', lastName: 'Bédard' },
      { firstName: 'Alex', lastName: 'Bergeron' },
      { firstName: 'Sam', lastName: 'Auclair' },
      { firstName: 'Old', lastName: 'Timer' },
    ])
    .returning();
  const [zoe, alex, sam, old] = people.map((p) => p.id) as [number, number, number, number];
  await db.insert(s.memberships).values([
    { organizationId: ids.league, participantId: zoe, membershipTypeId: season!.id, number: 'L-003', promoterId: ids.club, validFrom: shift(-30), validUntil: shift(200) },
    { organizationId: ids.league, participantId: alex, membershipTypeId: day!.id, number: 'L-002', promoterId: ids.hiddenClub, validFrom: today, validUntil: today },
    { organizationId: ids.league, participantId: sam, membershipTypeId: season!.id, number: 'L-001', validFrom: shift(-10), validUntil: shift(100) },
    { organizationId: ids.league, participantId: old, membershipTypeId: season!.id, number: 'L-000', validFrom: shift(-400), validUntil: shift(-35) },
  ]);
});

afterAll(async () => {
  await (await import('../../lib/server/jobs')).stopJobs();
  await database?.drop();
  fs.rmSync(outbox, { recursive: true, force: true });
});

async function get(p: string) {
  const res = await api.request(`/api/v1${p}`);
  return { status: res.status, body: await res.json() };
}

describe('GET /livelaps/promoter/{id}', () => {
  it('answers the public promoter by user id with its counts', async () => {
    const { status, body } = await get('/livelaps/promoter/501');
    expect(status).toBe(200);
    expect(body.message.promoter).toEqual({
      id: ids.club,
      userId: 501,
      name: 'Magog Moto Club',
      city: 'Magog',
      state: 'QC',
      email: 'club@magog.test',
      website: 'https://magog.test',
      phone: '819 555 0101',
      description: 'A club.\n\nWith a track.',
      // Its name and about text in French and Spanish (issue 25): none given here.
      names: {},
      descriptions: {},
      organization: { id: ids.league, name: 'Eastern Trail League', names: {} },
    });
    // Spring Scramble, Last Year Enduro, Old Cup (the hidden practice is not counted).
    expect(body.message.counts).toEqual({ events: 3, upcomingEvents: 1, series: 1 });
  });

  it('hides the organization of a club when the organization is hidden', async () => {
    expect((await get('/livelaps/promoter/503')).body.message.promoter.organization).toBeNull();
  });

  it('answers the spec’s errors', async () => {
    expect(await get('/livelaps/promoter/502')).toEqual({ status: 404, body: { error: 'not_found', message: 'Promoter not found', statusCode: 404 } });
    expect((await get('/livelaps/promoter/999999')).status).toBe(404);
    expect(await get('/livelaps/promoter/abc')).toEqual({ status: 400, body: { error: 'invalid_id', message: 'The provided promoter id is invalid', statusCode: 400 } });
    expect((await get('/livelaps/promoter/01')).body.error).toBe('invalid_id');
    expect(await get('/livelaps/promoter')).toEqual({ status: 400, body: { error: 'null_id', message: 'Please provide the promoter id', statusCode: 400 } });
  });
});

describe('GET /livelaps/promoter/{id}/series', () => {
  it('lists the public series with their public rounds', async () => {
    const { status, body } = await get('/livelaps/promoter/501/series');
    expect(status).toBe(200);
    expect(body.message).toEqual([
      {
        id: ids.series,
        name: 'Magog Cup',
        startDate: `${today.slice(0, 4)}-01-01`,
        endDate: `${today.slice(0, 4)}-12-31`,
        seriesType: 'overall',
        dropScores: 1,
        bestResults: null,
        rounds: 2,
        promoter: { userId: 501, name: 'Magog Moto Club', names: {} },
      },
    ]);
    expect((await get('/livelaps/promoter/504/series')).body).toEqual({ message: [] });
  });

  it('answers 404 for a hidden or unknown promoter and 400 for a malformed id', async () => {
    expect((await get('/livelaps/promoter/502/series')).status).toBe(404);
    expect((await get('/livelaps/promoter/777777/series')).status).toBe(404);
    expect((await get('/livelaps/promoter/x1/series')).body).toEqual({ error: 'invalid_id', message: 'The provided promoter id is invalid', statusCode: 400 });
  });
});

describe('GET /livelaps/organization/{id}', () => {
  it('answers the organization, its public clubs and its counts', async () => {
    const { status, body } = await get(`/livelaps/organization/${ids.league}`);
    expect(status).toBe(200);
    expect(body.message.organization).toMatchObject({ id: ids.league, name: 'Eastern Trail League', email: 'office@league.test', address: '12 Rue du Lac', postalCode: 'J1H 1A1' });
    expect(body.message.organization).not.toHaveProperty('isPublic');
    expect(body.message.clubs.map((c: { userId: number }) => c.userId)).toEqual([504, 501]);
    expect(body.message.counts).toEqual({
      clubs: 2,
      // The club's three public events and the league final it sanctions; not the council's cup.
      events: 4,
      upcomingEvents: 2,
      series: 1,
      members: 3,
      membershipTypes: 2,
      classes: 5,
    });
  });

  it('answers 404 for a hidden or unknown organization, 400 for a malformed id', async () => {
    expect(await get(`/livelaps/organization/${ids.hiddenOrg}`)).toEqual({ status: 404, body: { error: 'not_found', message: 'Organization not found', statusCode: 404 } });
    expect((await get('/livelaps/organization/424242')).status).toBe(404);
    expect(await get('/livelaps/organization/abc')).toEqual({ status: 400, body: { error: 'invalid_id', message: 'The provided organization id is invalid', statusCode: 400 } });
    expect((await get('/livelaps/organization')).body.error).toBe('null_id');
  });

  it('is in the OpenAPI document', async () => {
    const doc = await (await api.request('/api/v1/openapi.json')).json();
    const paths = Object.keys(doc.paths as Record<string, unknown>);
    for (const p of ['/api/v1/livelaps/promoter/{id}', '/api/v1/livelaps/promoter/{id}/series', '/api/v1/livelaps/organization/{id}']) expect(paths).toContain(p);
  });
});

describe('the pages’ reads', () => {
  it('lists the listed promoters first, then the public clubs of their organizations', async () => {
    const { listPromoters } = await import('../../lib/server/promoters');
    const list = await listPromoters([501], today);
    expect(list.map((p) => [p.userId, p.isListed, p.upcomingEvents])).toEqual([
      [501, true, 1],
      [504, false, 1],
    ]);
    expect(list[1]!.organization).toEqual({ id: ids.league, name: 'Eastern Trail League', names: {} });
    // A listed promoter of a hidden organization brings no clubs with it, and stays alone.
    expect((await listPromoters([503], today)).map((p) => p.userId)).toEqual([503]);
    expect(await listPromoters([], today)).toEqual([]);
  });

  it('splits a club’s events into upcoming and past seasons with their registration status', async () => {
    const { listPromoterEventsBySeason } = await import('../../lib/server/promoters');
    const { upcoming, seasons } = await listPromoterEventsBySeason(ids.club, today);
    expect(upcoming.map((e) => [e.name, e.registrationStatus])).toEqual([['Spring Scramble', 'open']]);
    expect(seasons.map((s) => [s.season, s.events.map((e) => [e.name, e.registrationStatus, e.raceCount])])).toEqual([
      [Number(today.slice(0, 4)) - 1, [['Last Year Enduro', 'done', 1]]],
      [Number(today.slice(0, 4)) - 2, [['Old Cup', 'done', 0]]],
    ]);
  });

  it('gives an organization its own events and its clubs’ events that no other organization sanctions', async () => {
    const { isOrganizationEvent, listOrganizationEvents } = await import('../../lib/server/organizations');
    const { upcoming } = await listOrganizationEvents(ids.league, today);
    expect(upcoming.map((e) => e.name)).toEqual(['Spring Scramble', 'League Final']);
    expect(await isOrganizationEvent(ids.league, ids.sanctioned)).toBe(true);
    expect(await isOrganizationEvent(ids.league, ids.foreign)).toBe(false);
    expect(await isOrganizationEvent(ids.bareOrg, ids.foreign)).toBe(true);
    expect(await isOrganizationEvent(ids.league, ids.hiddenEvent)).toBe(false);
  });

  it('lists classes by class group in sort order, the others last', async () => {
    const { listOrganizationClasses } = await import('../../lib/server/organizations');
    const classes = await listOrganizationClasses(ids.league);
    expect(classes.groups.map((g) => [g.name, g.classes.map((c) => c.name)])).toEqual([
      ['League Youth', ['League 65cc', 'League 85cc']],
      ['League Motocross', ['League Open', 'League Vet 30+']],
    ]);
    expect(classes.groups[0]!.classes[1]).toEqual({ id: expect.any(Number), name: 'League 85cc', description: 'Big wheels', descriptions: {}, minAge: 9, maxAge: 15 });
    expect(classes.other.map((c) => c.name)).toEqual(['League Women']);
    expect(await listOrganizationClasses(ids.bareOrg)).toEqual({ groups: [], other: [] });
  });

  it('lists valid members by last name, without personal details, searchable and paged', async () => {
    const { listOrganizationMembers } = await import('../../lib/server/organizations');
    const all = await listOrganizationMembers(ids.league, { today });
    expect(all.members.map((m) => `${m.lastName} ${m.number}`)).toEqual(['Auclair L-001', 'Bédard L-003', 'Bergeron L-002']); // accents do not move a name to the end
    expect(Object.keys(all.members[0]!).sort()).toEqual(['club', 'firstName', 'id', 'lastName', 'membershipType', 'membershipTypeNames', 'number', 'validUntil']);
    // The hidden club is not named; the public one is.
    expect(all.members[2]!.club).toBeNull();
    expect(all.members[1]!.club).toEqual({ userId: 501, name: 'Magog Moto Club' });
    expect(all).toMatchObject({ total: 3, page: 1, lastPage: 1, q: '' });

    expect((await listOrganizationMembers(ids.league, { today, q: '  zoé ' })).members.map((m) => m.number)).toEqual(['L-003']);
    expect((await listOrganizationMembers(ids.league, { today, q: 'alex berg' })).members.map((m) => m.number)).toEqual(['L-002']);
    expect((await listOrganizationMembers(ids.league, { today, q: 'l-001' })).total).toBe(1);
    expect((await listOrganizationMembers(ids.league, { today, q: '%' })).total).toBe(0);
    expect((await listOrganizationMembers(ids.league, { today, q: 'Timer' })).total).toBe(0);

    const page2 = await listOrganizationMembers(ids.league, { today, page: 2, pageSize: 2 });
    expect(page2).toMatchObject({ page: 2, lastPage: 2, total: 3 });
    expect(page2.members.map((m) => m.number)).toEqual(['L-002']);
    expect((await listOrganizationMembers(ids.league, { today, page: 99, pageSize: 2 })).page).toBe(2);
    expect(await listOrganizationMembers(ids.bareOrg, { today })).toMatchObject({ members: [], total: 0, page: 1, lastPage: 1 });
  });

  it('lists membership types and the series of the organization’s public clubs', async () => {
    const { listMembershipTypes, listOrganizationSeries } = await import('../../lib/server/organizations');
    expect((await listMembershipTypes(ids.league)).map((m) => [m.name, m.priceCents, m.validity])).toEqual([
      ['Adult season', 15000, 'season'],
      ['One-day', 2500, 'event'],
    ]);
    expect((await listOrganizationSeries(ids.league)).map((s) => s.name)).toEqual(['Magog Cup']);
  });

  it('finds the default organization from the parameters, else from the default promoter', async () => {
    const { defaultOrganizationId, getPublicOrganization } = await import('../../lib/server/organizations');
    expect(await defaultOrganizationId({ defaultOrganization: ids.league, defaultPromoterUserId: 1 })).toBe(ids.league);
    const federation = await defaultOrganizationId({ defaultOrganization: null, defaultPromoterUserId: 1 });
    expect((await getPublicOrganization(federation!))?.name).toBe('Federation of Off-Road Motorcycle and Quad Racing');
    expect(await defaultOrganizationId({ defaultOrganization: null, defaultPromoterUserId: 424242 })).toBeNull();
    expect(await getPublicOrganization(ids.hiddenOrg)).toBeNull();
  });
});

describe('the organization’s contact form', () => {
  const emlFiles = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')) : []);
  let ip = 0;
  async function send(body: Record<string, unknown>) {
    const res = await api.request('/api/v1/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${++ip}` },
      body: JSON.stringify({ name: 'Ann Rider', email: 'ann@example.com', message: 'When is the next trail ride?', locale: 'fr', ...body }),
    });
    return { status: res.status, body: await res.json() };
  }
  /** The stored messages, once their `send-email` jobs have written the .eml files (lib/server/jobs). */
  const rows = async () => {
    await (await import('../../lib/server/jobs')).drainJobs();
    return db.select().from(schema.contactMessages).orderBy(schema.contactMessages.id);
  };
  const header = (raw: string, name: string) => raw.replace(/\r\n[ \t]+/g, ' ').match(new RegExp(`^${name}: (.*)$`, 'mi'))?.[1];

  it('stores the message with its organization and writes it to the organization’s email', async () => {
    const res = await send({ organizationId: ids.league, email: 'ANN@example.com' });
    expect(res).toEqual({ status: 201, body: { ok: true } });
    const row = (await rows()).at(-1)!;
    expect(row).toMatchObject({ organizationId: ids.league, email: 'ann@example.com', locale: 'fr' });
    const raw = fs.readFileSync(path.join(outbox, row.emlFile!), 'utf8');
    expect(header(raw, 'To')).toBe('office@league.test');
    expect(header(raw, 'Reply-To')).toBe('Ann Rider <ann@example.com>');
    expect(header(raw, 'Subject')).toBe('Contact form (Eastern Trail League): Ann Rider');
    expect(raw).toContain(`Organization: Eastern Trail League (#${ids.league})`);
  });

  it('sends to the federation’s recipient when the organization has no email, and the site form stays as it was', async () => {
    expect((await send({ organizationId: ids.bareOrg, email: 'bea@example.com' })).status).toBe(201);
    let row = (await rows()).at(-1)!;
    expect(row.organizationId).toBe(ids.bareOrg);
    expect(header(fs.readFileSync(path.join(outbox, row.emlFile!), 'utf8'), 'To')).toBe('contact@federation.test');

    // The site's own organization (the default promoter's) answers where the site does, whatever its row says.
    const [federation] = await db.select({ id: schema.promoters.organizationId }).from(schema.promoters).where(eq(schema.promoters.userId, 1));
    await db.update(schema.organizations).set({ email: 'old-office@federation.test' }).where(eq(schema.organizations.id, federation!.id!));
    expect((await send({ organizationId: federation!.id!, email: 'cy@example.com' })).status).toBe(201);
    expect(header(fs.readFileSync(path.join(outbox, (await rows()).at(-1)!.emlFile!), 'utf8'), 'To')).toBe('contact@federation.test');

    expect((await send({ email: 'cam@example.com' })).status).toBe(201);
    row = (await rows()).at(-1)!;
    expect(row.organizationId).toBeNull();
    const raw = fs.readFileSync(path.join(outbox, row.emlFile!), 'utf8');
    expect(header(raw, 'To')).toBe('contact@federation.test');
    expect(header(raw, 'Subject')).toBe('Contact form: Ann Rider');
  });

  it('refuses an unknown or hidden organization with 404 and a malformed id with 400, storing nothing', async () => {
    const [n, files] = [(await rows()).length, emlFiles().length];
    expect(await send({ organizationId: ids.hiddenOrg, email: 'dan@example.com' })).toEqual({ status: 404, body: { error: 'not_found', message: 'Organization not found', statusCode: 404 } });
    expect((await send({ organizationId: 909090, email: 'dan@example.com' })).status).toBe(404);
    const bad = await send({ organizationId: 'abc', email: 'dan@example.com' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([{ path: ['organizationId'], code: 'invalid_id' }]);
    expect((await send({ organizationId: 0 })).body.issues).toEqual([{ path: ['organizationId'], code: 'invalid_id' }]);
    expect((await rows()).length).toBe(n);
    expect(emlFiles().length).toBe(files);
  });

  it('keeps the same rate limit per address', async () => {
    const email = 'eager@example.com';
    for (let i = 0; i < 3; i++) expect((await send({ organizationId: ids.league, email })).status).toBe(201);
    expect((await send({ organizationId: ids.league, email })).status).toBe(429);
    expect((await send({ email })).status).toBe(429);
    const stored = await db.select().from(schema.contactMessages).where(eq(schema.contactMessages.email, email));
    expect(stored).toHaveLength(3);
  });
});
