/**
 * Selling memberships to people on the real database (issue 26 "A verified participant buys a
 * membership for themself or, as guardian, for their minor: type, class, review, pay"; "a
 * membership card in /account with a QR code that an official can check"; "Renewal: the account
 * shows when a membership ends"; spec §1 register for memberships), calling lib/server/membership-sales
 * as the pages and routes do:
 * - what the buyer chooses from: themself first then their minors (never another family's), the
 *   types of public organizations only, the classes of the chosen type's organization only, the
 *   province their profile names, and the office (plus Stripe when a key is set) to pay;
 * - the account's cards once paid (the guardian's and the minor's): names, organization, type,
 *   class, number, period, state, days left, renewal and the QR code's token; an old card is
 *   expired and marked renewed; another account's cards never show;
 * - an official's check of a card: officials, promoter staff and admins see it; a participant or a
 *   visitor do not; a forged, altered or orphan code is not a valid card; an expired card says so;
 * - a purchase becomes an order of the type's organization; an unknown type, or one of a hidden
 *   organization, is refused.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Principal } from '../../lib/server/policy';
import { useTestDatabase, type TestDatabase } from './setup';

type Sales = typeof import('../../lib/server/membership-sales');
type Checkout = typeof import('../../lib/server/checkout/server');

let database: TestDatabase;
let pool: pg.Pool;
let ms: Sales;
let co: Checkout;
const sql = async (text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as Record<string, unknown>[];

/** 10:00 in Montreal on 2026-06-10: a season bought today runs to 2026-12-31. */
const NOW = new Date('2026-06-10T14:00:00Z');

const admin: Principal = { userId: 'sales-admin', role: 'admin', emailVerified: true, promoterIds: [] };
const official: Principal = { userId: 'sales-official', role: 'official', emailVerified: true, promoterIds: [] };
let staff: Principal;

const org = { federation: 0, other: 0, hidden: 0 };
const type = { adult: 0, youth: 0, other: 0, hidden: 0 };
const klass = { pro: 0, elsewhere: 0, hidden: 0 };

/** A person with a login (an adult buyer, profile state `state`), or a minor managed by `guardian`: their racer record and principal. */
async function person(first: string, birthday: string, options: { guardian?: { profileId: number }; state?: string | null } = {}) {
  const [p] = await sql(`insert into participants (first_name, last_name) values ($1, 'Sales') returning id`, [first]);
  let userId: string | null = null;
  if (!options.guardian) {
    userId = randomUUID();
    await sql(`insert into users (id, name, email, role, email_verified) values ($1, $2, $3, 'participant', true)`, [userId, `${first} Sales`, `${userId}@example.org`]);
  }
  const [profile] = await sql(
    `insert into participant_profiles (participant_id, user_id, guardian_id, relationship, first_name, last_name, gender, birthday, state)
     values ($1, $2, $3, $4, $5, 'Sales', 'female', $6, $7) returning id`,
    [p!.id, userId, options.guardian?.profileId ?? null, options.guardian ? 'mother' : null, first, birthday, options.state ?? null],
  );
  const principal: Principal = { userId: userId ?? '', role: 'participant', emailVerified: true, promoterIds: [] };
  return { participantId: p!.id as number, profileId: profile!.id as number, userId: userId!, principal };
}

/** The error code `promise` rejects with ('resolved' when it does not). */
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (err: { code?: string }) => err.code ?? String(err),
  );

/** `buyer` buys type `membershipTypeId` for `participantId` at the office (class when given), and an admin marks it paid: the membership's id and number. */
async function buyAndPay(buyer: Principal, membershipTypeId: number, participantId: number, classId: number | null = null) {
  const input = await ms.membershipOrderInput({ membershipTypeId, participantId, classId, province: 'QC', provider: 'office' }, 'en');
  const view = await co.createOrder(buyer, { ...input, now: NOW });
  const paid = await co.markPaidByStaff(admin, view.order.id, { now: NOW });
  expect(paid.summary.state).toBe('paid');
  const [m] = await sql(
    `select m.id, m.number from memberships m join order_lines l on l.id = m.order_line_id where l.order_id = $1`,
    [view.order.id],
  );
  return { id: m!.id as number, number: m!.number as string };
}

let gina: Awaited<ReturnType<typeof person>>;
let mia: Awaited<ReturnType<typeof person>>;
let milo: Awaited<ReturnType<typeof person>>;
let olga: Awaited<ReturnType<typeof person>>;
let oli: Awaited<ReturnType<typeof person>>;
let clubId: number;

beforeAll(async () => {
  vi.stubEnv('BETTER_AUTH_SECRET', 'membership-sales-test-secret-0123456789');
  database = await useTestDatabase('empty');
  pool = new pg.Pool({ connectionString: database.url, max: 3 });
  ms = await import('../../lib/server/membership-sales');
  co = await import('../../lib/server/checkout/server');
  [{ id: org.federation }, { id: org.other }, { id: org.hidden }] = (await sql(
    `insert into organizations (name, names, is_public) values ('Sales Federation', '{"fr": "Fédération des ventes"}', true), ('Sales Other', '{}', true), ('Sales Hidden', '{}', false) returning id`,
  )) as { id: number }[];
  [type.adult, type.youth, type.other, type.hidden] = (
    await sql(
      `insert into membership_types (organization_id, name, names, price_cents, min_age, max_age, validity, sort_order) values
       ($1, 'Adult licence', '{"fr": "Licence adulte"}', 16500, 18, null, 'season', 1),
       ($1, 'Youth licence', '{}', 11000, null, 17, 'season', 2),
       ($2, 'Other licence', '{}', 5000, null, null, 'season', 1),
       ($3, 'Hidden licence', '{}', 1000, null, null, 'season', 1) returning id`,
      [org.federation, org.other, org.hidden],
    )
  ).map((t) => t.id as number);
  [klass.pro, klass.elsewhere, klass.hidden] = (
    await sql(`insert into classes (name, organization_id) values ('Sales Pro', $1), ('Sales Elsewhere', $2), ('Sales Secret', $3) returning id`, [org.federation, org.other, org.hidden])
  ).map((c) => c.id as number);
  const [club] = await sql(`select id from promoters order by id limit 1`);
  clubId = club!.id as number;
  staff = { userId: 'sales-staff', role: 'promoter', emailVerified: true, promoterIds: [clubId] };

  gina = await person('Gina', '1985-02-03', { state: 'QC' });
  mia = await person('Mia', '2014-05-06', { guardian: gina });
  milo = await person('Milo', '2012-08-01', { guardian: gina });
  olga = await person('Olga', '1980-01-01', { state: 'Somewhere' });
  oli = await person('Oli', '2013-03-03', { guardian: olga });
});

afterAll(async () => {
  vi.unstubAllEnvs();
  // Paying queues receipt mails: stop this process's queue before its database goes.
  await (await import('../../lib/server/jobs')).stopJobs();
  await pool?.end();
  await database?.drop();
});

describe('what the buyer chooses from', () => {
  afterEach(async () => {
    await sql(`update participant_profiles set state = 'QC' where id = $1`, [gina.profileId]);
  });

  it('offers the buyer themself first, then their own minors, never another family’s', async () => {
    const options = await ms.getPurchaseOptions(gina.userId);
    expect(options.people).toEqual([
      { participantId: gina.participantId, firstName: 'Gina', lastName: 'Sales', birthday: '1985-02-03', self: true },
      { participantId: mia.participantId, firstName: 'Mia', lastName: 'Sales', birthday: '2014-05-06', self: false },
      { participantId: milo.participantId, firstName: 'Milo', lastName: 'Sales', birthday: '2012-08-01', self: false },
    ]);
    expect((await ms.getPurchaseOptions(olga.userId)).people.map((p) => [p.firstName, p.self])).toEqual([
      ['Olga', true],
      ['Oli', false],
    ]);
  });

  it('lists the types of public organizations only, and the classes of the chosen type’s organization only', async () => {
    const none = await ms.getPurchaseOptions(gina.userId);
    expect(none.types.map((t) => [t.name, t.organizationName])).toEqual([
      ['Adult licence', 'Sales Federation'],
      ['Youth licence', 'Sales Federation'],
      ['Other licence', 'Sales Other'],
    ]);
    expect(none.types[0]).toMatchObject({ id: type.adult, organizationId: org.federation, organizationNames: { fr: 'Fédération des ventes' }, names: { fr: 'Licence adulte' }, priceCents: 16500, minAge: 18, maxAge: null, validity: 'season', family: false });
    expect(none.classes).toEqual([]);

    expect((await ms.getPurchaseOptions(gina.userId, type.adult)).classes.map((c) => c.id)).toEqual([klass.pro]);
    expect((await ms.getPurchaseOptions(gina.userId, type.other)).classes.map((c) => c.id)).toEqual([klass.elsewhere]);
    // A hidden organization's type is not on sale: it offers no classes either.
    expect((await ms.getPurchaseOptions(gina.userId, type.hidden)).classes).toEqual([]);
  });

  it('takes the province from the profile when it names one, and asks otherwise', async () => {
    const provinceWith = async (state: string | null) => {
      await sql(`update participant_profiles set state = $2 where id = $1`, [gina.profileId, state]);
      return (await ms.getPurchaseOptions(gina.userId)).province;
    };
    expect(await provinceWith('QC')).toBe('QC');
    expect(await provinceWith('qc')).toBe('QC');
    expect(await provinceWith(' Québec ')).toBe('QC');
    expect(await provinceWith('Ontario')).toBe('ON');
    expect(await provinceWith('Somewhere')).toBeNull();
    expect(await provinceWith(null)).toBeNull();
    // A minor's own profile never decides: Olga's free text asks her.
    expect((await ms.getPurchaseOptions(olga.userId)).province).toBeNull();
  });

  describe('the ways to pay', () => {
    // The parsed environment is kept by its module: a fresh copy of the module reads the stubbed one.
    const fresh = async () => {
      vi.resetModules();
      return (await import('../../lib/server/membership-sales/get-purchase-options')).getPurchaseOptions;
    };
    afterEach(() => {
      vi.unstubAllEnvs();
      vi.stubEnv('BETTER_AUTH_SECRET', 'membership-sales-test-secret-0123456789');
    });

    it('offers the office without a Stripe key, and a card then the office with one', async () => {
      vi.stubEnv('STRIPE_SECRET_KEY', undefined);
      expect((await (await fresh())(gina.userId)).providers).toEqual(['office']);
      vi.stubEnv('STRIPE_SECRET_KEY', 'sk_test_membership_sales');
      expect((await (await fresh())(gina.userId)).providers).toEqual(['stripe', 'office']);
    });
  });
});

describe('the account’s membership cards', () => {
  let own: { id: number; number: string };
  let minors: { id: number; number: string };
  let old: number;
  let olgas: { id: number; number: string };

  beforeAll(async () => {
    // Gina held last season's card (with a club), and one from long ago.
    [{ id: old }] = (await sql(
      `insert into memberships (organization_id, participant_id, membership_type_id, number, promoter_id, valid_from, valid_until)
       values ($1, $2, $3, 'OLD-1', $4, '2025-01-01', '2025-12-31') returning id`,
      [org.federation, gina.participantId, type.adult, clubId],
    )) as { id: number }[];
    await sql(
      `insert into memberships (organization_id, participant_id, membership_type_id, number, valid_from, valid_until) values ($1, $2, $3, 'OLD-0', '2023-01-01', '2023-12-31')`,
      [org.federation, gina.participantId, type.adult],
    );
    minors = await buyAndPay(gina.principal, type.youth, milo.participantId);
    own = await buyAndPay(gina.principal, type.adult, gina.participantId, klass.pro);
    olgas = await buyAndPay(olga.principal, type.youth, oli.participantId);
  });

  it('lists the guardian’s and the minor’s cards once paid, newest first, with what the card shows and its QR code’s token', async () => {
    const cards = await ms.listMyMemberships(gina.userId, NOW);
    const base = { organizationName: 'Sales Federation', organizationNames: { fr: 'Fédération des ventes' }, validFrom: '2026-06-10', validUntil: '2026-12-31', state: 'valid', daysLeft: 204, renewed: false };
    expect(cards).toEqual([
      {
        ...base,
        membershipId: own.id,
        participantId: gina.participantId,
        firstName: 'Gina',
        lastName: 'Sales',
        self: true,
        typeId: type.adult,
        typeName: 'Adult licence',
        typeNames: { fr: 'Licence adulte' },
        className: 'Sales Pro',
        number: own.number,
        token: ms.cardToken(own.id),
      },
      {
        ...base,
        membershipId: minors.id,
        participantId: milo.participantId,
        firstName: 'Milo',
        lastName: 'Sales',
        self: false,
        typeId: type.youth,
        typeName: 'Youth licence',
        typeNames: {},
        className: null,
        number: minors.number,
        token: ms.cardToken(minors.id),
      },
      expect.objectContaining({ membershipId: old, firstName: 'Gina', number: 'OLD-1', validFrom: '2025-01-01', validUntil: '2025-12-31', state: 'expired', daysLeft: null, renewed: true }),
    ]);
    // A permanent number each, and a token the check accepts.
    expect(own.number).not.toBe(minors.number);
    for (const card of cards) expect(ms.verifyCardToken(card.token)).toBe(card.membershipId);
  });

  it('never lists another account’s cards', async () => {
    const theirs = await ms.listMyMemberships(olga.userId, NOW);
    expect(theirs.map((c) => [c.membershipId, c.firstName, c.self])).toEqual([[olgas.id, 'Oli', false]]);
    const mine = (await ms.listMyMemberships(gina.userId, NOW)).map((c) => c.membershipId);
    expect(mine).not.toContain(olgas.id);
    expect(await ms.listMyMemberships(randomUUID(), NOW)).toEqual([]);
  });

  it('counts the days left when a membership nears its end, and says it has ended the day after', async () => {
    const december = await ms.listMyMemberships(gina.userId, new Date('2026-12-10T15:00:00Z'));
    const current = december.filter((c) => c.validUntil === '2026-12-31');
    expect(current.map((c) => [c.membershipId, c.state, c.daysLeft])).toEqual([
      [own.id, 'valid', 21],
      [minors.id, 'valid', 21],
    ]);
    expect(current.every((c) => c.daysLeft! <= 30)).toBe(true);
    const lastDay = await ms.listMyMemberships(gina.userId, new Date('2026-12-31T20:00:00Z'));
    expect(lastDay.find((c) => c.membershipId === own.id)).toMatchObject({ state: 'valid', daysLeft: 0 });
    const after = await ms.listMyMemberships(gina.userId, new Date('2027-01-01T15:00:00Z'));
    expect(after.find((c) => c.membershipId === own.id)).toMatchObject({ state: 'expired', daysLeft: null, renewed: false });
  });

  describe('an official’s check', () => {
    it('shows the card to an official, a promoter’s staff and an admin', async () => {
      const expected = {
        membershipId: own.id,
        firstName: 'Gina',
        lastName: 'Sales',
        organizationName: 'Sales Federation',
        organizationNames: { fr: 'Fédération des ventes' },
        typeName: 'Adult licence',
        typeNames: { fr: 'Licence adulte' },
        className: 'Sales Pro',
        clubName: null,
        number: own.number,
        validFrom: '2026-06-10',
        validUntil: '2026-12-31',
        state: 'valid',
      };
      for (const viewer of [official, staff, admin]) expect(await ms.checkCard(viewer, ms.cardToken(own.id), NOW)).toEqual(expected);
      expect(await ms.checkCard(official, ms.cardToken(minors.id), NOW)).toMatchObject({ firstName: 'Milo', typeName: 'Youth licence', className: null, number: minors.number, state: 'valid' });
    });

    it('says an old card has expired, with its club', async () => {
      expect(await ms.checkCard(official, ms.cardToken(old), NOW)).toMatchObject({ membershipId: old, number: 'OLD-1', clubName: expect.any(String), state: 'expired' });
    });

    it('shows nothing to a participant or a visitor', async () => {
      const token = ms.cardToken(own.id);
      // Denied by the policy: the page is not found for them (assertAllowed's answer to a denied action).
      expect(await codeOf(ms.checkCard(gina.principal, token, NOW))).toBe('not_found');
      expect(await codeOf(ms.checkCard(null, token, NOW))).toBe('unauthenticated');
    });

    it('refuses a forged, altered or orphan code as not a valid card', async () => {
      const token = ms.cardToken(own.id);
      const signature = token.slice(token.indexOf('-') + 1);
      const last = signature.at(-1) === 'A' ? 'B' : 'A';
      const forged = [
        `${own.id}-${signature.slice(0, -1)}${last}`,
        `${minors.id}-${signature}`,
        'not-a-card',
        '',
        `${token}x`,
        ms.cardToken(2147483000),
      ];
      for (const bad of forged) expect(await codeOf(ms.checkCard(official, bad, NOW)), bad).toBe('invalid_card');

      // A card of a membership that no longer exists.
      const [{ id: gone }] = (await sql(
        `insert into memberships (organization_id, participant_id, membership_type_id, number, valid_from, valid_until) values ($1, $2, $3, 'GONE-1', '2026-01-01', '2026-12-31') returning id`,
        [org.other, olga.participantId, type.other],
      )) as { id: number }[];
      const goneToken = ms.cardToken(gone);
      expect(await ms.checkCard(official, goneToken, NOW)).toMatchObject({ firstName: 'Olga', state: 'valid' });
      await sql('delete from memberships where id = $1', [gone]);
      expect(await codeOf(ms.checkCard(official, goneToken, NOW))).toBe('invalid_card');
    });
  });
});

describe('a purchase as the checkout takes it', () => {
  it('is one membership line of the type’s organization, in the buyer’s language', async () => {
    const input = await ms.membershipOrderInput(
      { membershipTypeId: type.other, participantId: gina.participantId, classId: klass.elsewhere, province: 'ON', provider: 'stripe', promoCode: 'SPRING' },
      'fr',
    );
    expect(input).toEqual({
      organizationId: org.other,
      lines: [{ kind: 'membership', membershipTypeId: type.other, participantId: gina.participantId, classId: klass.elsewhere }],
      province: 'ON',
      locale: 'fr',
      provider: 'stripe',
      promoCode: 'SPRING',
      submissionId: null,
    });
    expect(await ms.membershipOrderInput({ membershipTypeId: type.adult, participantId: milo.participantId, province: 'QC', provider: 'office' }, 'es')).toMatchObject({
      organizationId: org.federation,
      lines: [{ classId: null }],
      promoCode: null,
      locale: 'es',
    });
  });

  it('refuses an unknown type, and a hidden organization’s type (not offered, not sold)', async () => {
    const buy = (membershipTypeId: number) => ms.membershipOrderInput({ membershipTypeId, participantId: gina.participantId, province: 'QC', provider: 'office' }, 'fr');
    expect(await codeOf(buy(2147483000))).toBe('invalid_membership_type');
    expect(await codeOf(buy(type.hidden))).toBe('invalid_membership_type');
  });
});
