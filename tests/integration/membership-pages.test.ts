/**
 * The public membership pages' reads on a real PostgreSQL database (issue 26; spec §2
 * /membership/type/{id?}, /membership/classes/{id?}, /membership/members,
 * /membership/members/{id}): types grouped by public organization (a hidden organization's
 * types are neither listed nor found), the family flag; classes with their current members;
 * the cross-organization member list with only memberships valid today and exactly the public
 * fields (a minor's row included), filtered by organization, class and name or number, paged;
 * one membership with its state today (valid, expired, not yet valid). The test inserts its own
 * organizations, clubs, classes, types and members in a copy of the `empty` template.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase, type TestDatabase } from './setup';

type Memberships = typeof import('../../lib/server/memberships');

let database: TestDatabase | undefined;
let m: Memberships;
let today: string;

/** YYYY-MM-DD `days` after `today`. */
const shift = (days: number) => {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

const ids = {} as Record<
  'league' | 'union' | 'hidden' | 'club' | 'hiddenClub' | 'open' | 'junior' | 'vet' | 'unionPro' | 'hiddenPro' | 'adult' | 'family' | 'unionDay' | 'hiddenType',
  number
> & { members: Record<string, number> };

beforeAll(async () => {
  database = await useTestDatabase('empty');
  const { getDb, schema: s } = await import('../../lib/server/db');
  const { federationDate } = await import('../../lib/format');
  m = await import('../../lib/server/memberships');
  today = federationDate();
  const db = getDb();
  const one = async <T extends { id: number }>(rows: Promise<T[]>) => (await rows)[0]!.id;

  ids.league = await one(db.insert(s.organizations).values({ name: 'Eastern Trail League', names: { fr: 'Ligue des sentiers de l’Est' } }).returning());
  ids.union = await one(db.insert(s.organizations).values({ name: 'Northern Union' }).returning());
  ids.hidden = await one(db.insert(s.organizations).values({ name: 'Secret Union', isPublic: false }).returning());
  ids.club = await one(db.insert(s.promoters).values({ userId: 7001, name: 'Magog Moto Club', organizationId: ids.league }).returning());
  ids.hiddenClub = await one(db.insert(s.promoters).values({ userId: 7002, name: 'Ghost Riders', organizationId: ids.league, isPublic: false }).returning());

  const group = await one(db.insert(s.classGroups).values({ name: 'League Youth', organizationId: ids.league }).returning());
  ids.junior = await one(db.insert(s.classes).values({ name: '85cc Junior', organizationId: ids.league, classGroupId: group, minAge: 9, maxAge: 15, description: 'Big wheels', descriptions: { fr: 'Grandes roues' } }).returning());
  ids.open = await one(db.insert(s.classes).values({ name: 'League Open', organizationId: ids.league, minAge: 16, sortOrder: 1 }).returning());
  // No organization of its own, but in a league group: the league's.
  ids.vet = await one(db.insert(s.classes).values({ name: 'Vet 30+', classGroupId: group, minAge: 30, sortOrder: 5 }).returning());
  ids.unionPro = await one(db.insert(s.classes).values({ name: 'Union Pro', organizationId: ids.union }).returning());
  ids.hiddenPro = await one(db.insert(s.classes).values({ name: 'Secret Pro', organizationId: ids.hidden }).returning());

  ids.adult = await one(db.insert(s.membershipTypes).values({ organizationId: ids.league, name: 'Adult season', names: { fr: 'Saison adulte' }, priceCents: 15000, minAge: 18, sortOrder: 1 }).returning());
  ids.family = await one(db.insert(s.membershipTypes).values({ organizationId: ids.league, name: 'Family', priceCents: 29500, family: true, sortOrder: 2 }).returning());
  ids.unionDay = await one(db.insert(s.membershipTypes).values({ organizationId: ids.union, name: 'Day pass', priceCents: 2500, validity: 'event' }).returning());
  ids.hiddenType = await one(db.insert(s.membershipTypes).values({ organizationId: ids.hidden, name: 'Secret licence', priceCents: 100 }).returning());

  const people = await db
    .insert(s.participants)
    .values([
      { firstName: 'Zoé', lastName: 'Bédard' },
      { firstName: 'Alex', lastName: 'Bergeron' },
      { firstName: 'Sam', lastName: 'Auclair' },
      { firstName: 'Old', lastName: 'Timer' },
      { firstName: 'Next', lastName: 'Year' },
      { firstName: 'Lou', lastName: 'Cloutier' },
      { firstName: 'Hidden', lastName: 'Member' },
    ])
    .returning();
  const [zoe, alex, sam, old, next, lou, hidden] = people.map((p) => p.id) as number[];
  // Lou is a minor with a guardian: the public sees no more of them than of anyone.
  const [guardian] = await db.insert(s.participants).values({ firstName: 'Guardian', lastName: 'Cloutier' }).returning();
  const [guardianProfile] = await db
    .insert(s.participantProfiles)
    .values({ participantId: guardian!.id, firstName: 'Guardian', lastName: 'Cloutier', birthday: '1980-01-01', gender: 'female', email: 'guardian@example.org', phone: '8195550100' })
    .returning();
  await db.insert(s.participantProfiles).values({ participantId: lou!, guardianId: guardianProfile!.id, relationship: 'mother', firstName: 'Lou', lastName: 'Cloutier', birthday: `${Number(today.slice(0, 4)) - 12}-05-01`, gender: 'female' });

  const rows = await db
    .insert(s.memberships)
    .values([
      { organizationId: ids.league, participantId: zoe!, membershipTypeId: ids.adult, number: 'L-003', promoterId: ids.club, classId: ids.open, validFrom: shift(-30), validUntil: shift(200) },
      { organizationId: ids.league, participantId: alex!, membershipTypeId: ids.adult, number: 'L-002', promoterId: ids.hiddenClub, classId: ids.open, validFrom: today, validUntil: today },
      { organizationId: ids.union, participantId: sam!, membershipTypeId: ids.unionDay, number: 'U-001', classId: ids.unionPro, validFrom: shift(-10), validUntil: shift(100) },
      { organizationId: ids.league, participantId: old!, membershipTypeId: ids.adult, number: 'L-000', classId: ids.open, validFrom: shift(-400), validUntil: shift(-35) },
      { organizationId: ids.league, participantId: next!, membershipTypeId: ids.adult, number: 'L-009', classId: ids.open, validFrom: shift(5), validUntil: shift(300) },
      { organizationId: ids.league, participantId: lou!, membershipTypeId: ids.family, number: 'L-010', promoterId: ids.club, classId: ids.junior, validFrom: shift(-1), validUntil: shift(90) },
      { organizationId: ids.hidden, participantId: hidden!, membershipTypeId: ids.hiddenType, number: 'S-001', classId: ids.hiddenPro, validFrom: shift(-1), validUntil: shift(90) },
    ])
    .returning();
  ids.members = Object.fromEntries(rows.map((r) => [r.number, r.id]));
});

afterAll(async () => {
  await database?.drop();
});

describe('membership types', () => {
  it('lists the types of public organizations by organization, with the family flag, never a hidden organization’s', async () => {
    const listed = await m.listMembershipTypesByOrganization();
    const mine = listed.filter((o) => [ids.league, ids.union, ids.hidden].includes(o.organization.id));
    expect(mine.map((o) => [o.organization.name, o.types.map((t) => [t.name, t.priceCents, t.validity, t.family])])).toEqual([
      [
        'Eastern Trail League',
        [
          ['Adult season', 15000, 'season', false],
          ['Family', 29500, 'season', true],
        ],
      ],
      ['Northern Union', [['Day pass', 2500, 'event', false]]],
    ]);
    expect(mine[0]!.organization.names).toEqual({ fr: 'Ligue des sentiers de l’Est' });
    expect(listed.flatMap((o) => o.types.map((t) => t.name))).not.toContain('Secret licence');
  });

  it('finds one type with its organization; a hidden organization’s type and an unknown id are not found', async () => {
    expect(await m.getMembershipType(ids.adult)).toMatchObject({ id: ids.adult, name: 'Adult season', names: { fr: 'Saison adulte' }, minAge: 18, family: false, organization: { id: ids.league, name: 'Eastern Trail League' } });
    expect(await m.getMembershipType(ids.hiddenType)).toBeNull();
    expect(await m.getMembershipType(2_000_000_000)).toBeNull();
  });
});

describe('membership classes', () => {
  it('lists each public organization’s classes with the members valid today who chose them', async () => {
    const listed = (await m.listMembershipClasses(today)).filter((o) => [ids.league, ids.union, ids.hidden].includes(o.organization.id));
    expect(listed.map((o) => o.organization.id)).toEqual([ids.league, ids.union]);
    const league = listed[0]!;
    expect(league.groups.map((g) => [g.name, g.classes.map((c) => [c.name, c.memberCount])])).toEqual([
      [
        'League Youth',
        [
          ['85cc Junior', 1],
          ['Vet 30+', 0],
        ],
      ],
    ]);
    // Zoé and Alex today; not Old (expired) nor Next (not yet valid).
    expect(league.other.map((c) => [c.name, c.memberCount])).toEqual([['League Open', 2]]);
    expect(listed[1]!.other.map((c) => [c.name, c.memberCount])).toEqual([['Union Pro', 1]]);
  });

  it('finds one class with its organization and current members; a class of a hidden organization is not found', async () => {
    expect(await m.getMembershipClass(ids.junior, today)).toEqual({
      id: ids.junior,
      name: '85cc Junior',
      description: 'Big wheels',
      descriptions: { fr: 'Grandes roues' },
      minAge: 9,
      maxAge: 15,
      group: 'League Youth',
      organization: { id: ids.league, name: 'Eastern Trail League', names: { fr: 'Ligue des sentiers de l’Est' } },
      memberCount: 1,
    });
    // Of the league through its group only.
    expect(await m.getMembershipClass(ids.vet, today)).toMatchObject({ organization: { id: ids.league }, memberCount: 0 });
    expect((await m.getMembershipClass(ids.open, shift(-35)))!.memberCount).toBe(1); // Old, on his last day
    expect(await m.getMembershipClass(ids.hiddenPro, today)).toBeNull();
    expect(await m.getMembershipClass(2_000_000_000, today)).toBeNull();
  });
});

describe('the public member list', () => {
  it('shows only memberships valid today, across public organizations, with exactly the public fields', async () => {
    const all = await m.listPublicMembers({ today });
    expect(all.members.map((r) => `${r.lastName} ${r.number}`)).toEqual(['Auclair U-001', 'Bédard L-003', 'Bergeron L-002', 'Cloutier L-010']);
    expect(all).toMatchObject({ total: 4, page: 1, lastPage: 1, q: '' });
    for (const row of all.members) expect(Object.keys(row).sort()).toEqual(['class', 'club', 'firstName', 'id', 'lastName', 'number', 'validUntil']);
    const [sam, zoe, alex, lou] = all.members;
    expect(zoe).toEqual({
      id: ids.members['L-003'],
      firstName: 'Zoé',
      lastName: 'Bédard',
      club: { userId: 7001, name: 'Magog Moto Club', names: {} },
      class: { id: ids.open, name: 'League Open' },
      number: 'L-003',
      validUntil: shift(200),
    });
    // A hidden club is not named; a membership without a club or class shows none.
    expect(alex!.club).toBeNull();
    expect(sam!.club).toBeNull();
    // A minor's row: the same fields, nothing about the guardian, the birthday or the age.
    expect(lou).toEqual({ id: ids.members['L-010'], firstName: 'Lou', lastName: 'Cloutier', club: { userId: 7001, name: 'Magog Moto Club', names: {} }, class: { id: ids.junior, name: '85cc Junior' }, number: 'L-010', validUntil: shift(90) });
    expect(JSON.stringify(all)).not.toMatch(/Guardian|guardian@|1980|8195550100/);
  });

  it('filters by organization, by class and by name or number', async () => {
    const numbers = async (f: Parameters<Memberships['listPublicMembers']>[0]) => (await m.listPublicMembers(f)).members.map((r) => r.number);
    expect(await numbers({ today, organizationId: ids.union })).toEqual(['U-001']);
    expect(await numbers({ today, organizationId: ids.league })).toEqual(['L-003', 'L-002', 'L-010']);
    expect(await numbers({ today, organizationId: ids.hidden })).toEqual([]);
    expect(await numbers({ today, classId: ids.open })).toEqual(['L-003', 'L-002']);
    expect(await numbers({ today, classId: ids.hiddenPro })).toEqual([]);
    expect(await numbers({ today, organizationId: ids.union, classId: ids.open })).toEqual([]);
    expect(await numbers({ today, q: '  zoé ' })).toEqual(['L-003']);
    expect(await numbers({ today, q: 'alex berg' })).toEqual(['L-002']);
    expect(await numbers({ today, q: 'u-001' })).toEqual(['U-001']);
    expect(await numbers({ today, q: '%' })).toEqual([]);
    expect(await numbers({ today, q: 'Timer' })).toEqual([]); // expired
    expect(await numbers({ today, q: 'Hidden' })).toEqual([]); // hidden organization
    expect((await m.listPublicMembers({ today, q: `Zoé${'x'.repeat(80)}` })).q).toHaveLength(50);
  });

  it('pages the list, keeping a page past the end on the last one', async () => {
    const page2 = await m.listPublicMembers({ today, page: 2, pageSize: 3 });
    expect(page2).toMatchObject({ page: 2, lastPage: 2, total: 4 });
    expect(page2.members.map((r) => r.number)).toEqual(['L-010']);
    expect((await m.listPublicMembers({ today, page: 99, pageSize: 3 })).page).toBe(2);
  });

  it('offers the public organizations and their classes as filters', async () => {
    const filters = (await m.listMemberFilters()).filter((o) => [ids.league, ids.union, ids.hidden].includes(o.id));
    expect(filters.map((o) => [o.name, o.classes.map((c) => c.name)])).toEqual([
      ['Eastern Trail League', ['85cc Junior', 'Vet 30+', 'League Open']],
      ['Northern Union', ['Union Pro']],
    ]);
  });
});

describe('one membership', () => {
  it('shows a valid one with its organization, type, club, class, number and dates, and nothing more', async () => {
    const one = await m.getPublicMembership(ids.members['L-003']!, today);
    expect(one).toEqual({
      id: ids.members['L-003'],
      firstName: 'Zoé',
      lastName: 'Bédard',
      organization: { id: ids.league, name: 'Eastern Trail League', names: { fr: 'Ligue des sentiers de l’Est' } },
      membershipType: { id: ids.adult, name: 'Adult season', names: { fr: 'Saison adulte' } },
      club: { userId: 7001, name: 'Magog Moto Club', names: {} },
      class: { id: ids.open, name: 'League Open' },
      number: 'L-003',
      validFrom: shift(-30),
      validUntil: shift(200),
      state: 'valid',
    });
    const minor = await m.getPublicMembership(ids.members['L-010']!, today);
    expect(Object.keys(minor!).sort()).toEqual(['class', 'club', 'firstName', 'id', 'lastName', 'membershipType', 'number', 'organization', 'state', 'validFrom', 'validUntil']);
  });

  it('says Expired for a past one and Not yet valid for a future one; a hidden organization’s or an unknown one is not found', async () => {
    expect((await m.getPublicMembership(ids.members['L-000']!, today))!.state).toBe('expired');
    expect((await m.getPublicMembership(ids.members['L-009']!, today))!.state).toBe('notYetValid');
    expect((await m.getPublicMembership(ids.members['L-002']!, today))!.state).toBe('valid'); // its one day
    expect((await m.getPublicMembership(ids.members['L-002']!, shift(1)))!.state).toBe('expired');
    expect((await m.getPublicMembership(ids.members['L-002']!, today))!.club).toBeNull();
    expect(await m.getPublicMembership(ids.members['S-001']!, today)).toBeNull();
    expect(await m.getPublicMembership(2_000_000_000, today)).toBeNull();
  });
});

describe('cache tags', () => {
  it('names the organizations a read shows, so a purchase’s revalidation drops it', async () => {
    const { recordTags, tags } = await import('../../lib/server/cache');
    const one = recordTags(() => m.getPublicMembership(ids.members['L-003']!, today));
    await one.result;
    expect([...one.recorder.tags]).toEqual([tags.organization(ids.league)]);
    const list = recordTags(() => m.listPublicMembers({ today }));
    await list.result;
    expect([...list.recorder.tags]).toEqual(expect.arrayContaining([tags.organization(ids.league), tags.organization(ids.union)]));
    expect([...list.recorder.tags]).not.toContain(tags.organization(ids.hidden));
    const filtered = recordTags(() => m.listPublicMembers({ today, organizationId: ids.union }));
    await filtered.result;
    expect([...filtered.recorder.tags]).toEqual([tags.organization(ids.union)]);
  });
});
