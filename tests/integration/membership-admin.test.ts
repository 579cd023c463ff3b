/**
 * The federation admin's membership types and promo codes against a real database through the API
 * app (issue 26 "Types … per organization (name, price, validity season or one event, age limits,
 * family type, description per language), edited by a federation admin"; "promo codes (percent or
 * amount, dates, usage limits, what they apply to)"): an admin creates, edits and deletes a type,
 * its price typed "150,00" kept as 15000 cents; a type a membership uses cannot be deleted; a
 * promo code is unique whatever its case; once an order names it its kind and value are fixed,
 * though it can still be ended; a participant and a promoter's staff are refused (403) and a
 * visitor without a login (401), changing nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { deskCall, deskLogin, setUpDeskDatabase, type Api, type Sql } from './desk-kit';

const db = setUpDeskDatabase('membership-admin');

let api: Api;
let sql: Sql;
let organizationId: number;
let admin: string;
let participant: string;
let promoter: string;

beforeAll(async () => {
  ({ api, sql } = db);
  const [org] = await sql(`insert into organizations (name) values ('Admin Test Federation') returning id`);
  organizationId = org!.id as number;
  const [p] = await sql(`insert into promoters (user_id, organization_id, name) values (991001, $1, 'Admin Test Promoter') returning id`, [organizationId]);
  admin = (await deskLogin(sql, 'admin')).cookie;
  participant = (await deskLogin(sql, 'participant')).cookie;
  promoter = (await deskLogin(sql, 'promoter', 991001)).cookie;
  expect(p!.id).toBeTruthy();
});

const TYPE = { name: 'Adult licence', nameFr: 'Licence adulte', nameEs: '', description: 'For riders 16 and over.\nValid all season.', descriptionFr: 'Pour les pilotes de 16 ans et plus.', descriptionEs: null, price: '150,00', validity: 'season', minAge: '16', maxAge: '', family: false, sortOrder: '2' };
const PROMO = { code: 'Spring-10', kind: 'percent', value: '10', validFrom: '2027-03-01', validTo: '2027-05-31', maxUses: '50', maxUsesPerBuyer: '1', appliesTo: ['membership'], organizationId: null, eventId: null };

describe('membership types', () => {
  let typeId: number;

  it('are created with the price typed in dollars kept in cents, listed per organization, edited, and the organization’s pages revalidated', async () => {
    const created = await deskCall(api, 'POST', `/admin/organizations/${organizationId}/membership-types`, { cookie: admin, body: TYPE });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    typeId = created.body!.id as number;
    expect((await sql('select name, names, description, descriptions, price_cents, validity, min_age, max_age, family, sort_order from membership_types where id = $1', [typeId]))[0]).toEqual({
      name: 'Adult licence',
      names: { fr: 'Licence adulte' },
      description: 'For riders 16 and over.\nValid all season.',
      descriptions: { fr: 'Pour les pilotes de 16 ans et plus.' },
      price_cents: 15000,
      validity: 'season',
      min_age: 16,
      max_age: null,
      family: false,
      sort_order: 2,
    });
    expect(db.published).toContain(`organization:${organizationId}`);

    const edited = await deskCall(api, 'PUT', `/admin/membership-types/${typeId}`, { cookie: admin, body: { ...TYPE, name: 'Family licence', price: '275.5', family: true, validity: 'event', minAge: 18, maxAge: 99 } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const listed = await deskCall(api, 'GET', '/admin/membership-types', { cookie: admin });
    const org = (listed.body!.organizations as { id: number; types: Record<string, unknown>[] }[]).find((o) => o.id === organizationId)!;
    expect(org.types).toEqual([expect.objectContaining({ id: typeId, name: 'Family licence', priceCents: 27550, family: true, validity: 'event', minAge: 18, maxAge: 99, nameFr: 'Licence adulte', memberships: 0, orderLines: 0 })]);
  });

  it('refuses a price with more than two decimals, a negative one and ages the wrong way round, per field, changing nothing', async () => {
    const bad = await deskCall(api, 'PUT', `/admin/membership-types/${typeId}`, { cookie: admin, body: { ...TYPE, price: '1.234', minAge: '30', maxAge: '20' } });
    expect(bad.status).toBe(400);
    expect(bad.body!.issues).toEqual([
      { path: ['price'], code: 'invalid_price_decimals' },
      { path: ['maxAge'], code: 'invalid_max_age' },
    ]);
    expect((await deskCall(api, 'POST', `/admin/organizations/${organizationId}/membership-types`, { cookie: admin, body: { ...TYPE, price: '-5' } })).body!.issues).toEqual([{ path: ['price'], code: 'invalid_price_negative' }]);
    expect((await deskCall(api, 'POST', '/admin/organizations/999999/membership-types', { cookie: admin, body: TYPE })).status).toBe(404);
    expect((await sql('select price_cents from membership_types where id = $1', [typeId]))[0]!.price_cents).toBe(27550);
  });

  it('keeps a type a membership uses, and deletes one nothing uses', async () => {
    const [person] = await sql(`insert into participants (first_name, last_name) values ('Léa', 'Admin-Test') returning id`);
    await sql(`insert into memberships (organization_id, participant_id, membership_type_id, number, valid_from, valid_until) values ($1, $2, $3, 'T-1', '2027-01-01', '2027-12-31')`, [organizationId, person!.id, typeId]);
    const refused = await deskCall(api, 'DELETE', `/admin/membership-types/${typeId}`, { cookie: admin });
    expect(refused.body).toMatchObject({ error: 'membership_type_in_use', statusCode: 409 });
    expect(await sql('select id from membership_types where id = $1', [typeId])).toHaveLength(1);

    const spare = await deskCall(api, 'POST', `/admin/organizations/${organizationId}/membership-types`, { cookie: admin, body: { ...TYPE, name: 'One-day' } });
    const spareId = spare.body!.id as number;
    expect((await deskCall(api, 'DELETE', `/admin/membership-types/${spareId}`, { cookie: admin })).status).toBe(200);
    expect(await sql('select id from membership_types where id = $1', [spareId])).toEqual([]);
    expect((await deskCall(api, 'DELETE', `/admin/membership-types/${spareId}`, { cookie: admin })).status).toBe(404);
  });

  it('refuses a participant and a promoter’s staff (403) and a visitor without a login (401), changing nothing', async () => {
    const calls: [string, string, unknown][] = [
      ['GET', '/admin/membership-types', undefined],
      ['POST', `/admin/organizations/${organizationId}/membership-types`, TYPE],
      ['PUT', `/admin/membership-types/${typeId}`, { ...TYPE, name: 'Hacked' }],
      ['DELETE', `/admin/membership-types/${typeId}`, undefined],
      ['GET', '/admin/promo-codes', undefined],
      ['POST', '/admin/promo-codes', { ...PROMO, code: 'HACKED' }],
      ['PUT', '/admin/promo-codes/1', { ...PROMO, code: 'HACKED' }],
    ];
    const before = await sql('select count(*)::int as n from membership_types');
    for (const [method, route, body] of calls) {
      expect((await deskCall(api, method, route, { body })).status, `${method} ${route} anonymous`).toBe(401);
      expect((await deskCall(api, method, route, { cookie: participant, body })).body, `${method} ${route} participant`).toMatchObject({ error: 'forbidden', statusCode: 403 });
      expect((await deskCall(api, method, route, { cookie: promoter, body })).status, `${method} ${route} promoter`).toBe(403);
    }
    expect(await sql('select count(*)::int as n from membership_types')).toEqual(before);
    expect(await sql(`select 1 from membership_types where name = 'Hacked'`)).toEqual([]);
    expect(await sql(`select 1 from promo_codes where code = 'HACKED'`)).toEqual([]);
  });
});

describe('promo codes', () => {
  let promoId: number;

  it('are created as typed, a percent in basis points, valid from the start of the first day to the end of the last in the federation’s time zone', async () => {
    const created = await deskCall(api, 'POST', '/admin/promo-codes', { cookie: admin, body: PROMO });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    promoId = created.body!.id as number;
    expect((await sql(`select code, kind, value, max_uses, max_uses_per_buyer, applies_to::text[] as applies_to, valid_from, valid_to from promo_codes where id = $1`, [promoId]))[0]).toEqual({
      code: 'Spring-10',
      kind: 'percent',
      value: 1000,
      max_uses: 50,
      max_uses_per_buyer: 1,
      applies_to: ['membership'],
      valid_from: new Date('2027-03-01T05:00:00Z'),
      valid_to: new Date('2027-06-01T03:59:59.999Z'),
    });
    const listed = await deskCall(api, 'GET', '/admin/promo-codes', { cookie: admin });
    expect(listed.body!.promoCodes).toEqual([expect.objectContaining({ id: promoId, code: 'Spring-10', value: 1000, validFrom: '2027-03-01', validTo: '2027-05-31', usesSoFar: 0, orders: 0 })]);
  });

  it('refuses the same code in another case, with its code', async () => {
    const clash = await deskCall(api, 'POST', '/admin/promo-codes', { cookie: admin, body: { ...PROMO, code: 'SPRING-10', kind: 'amount', value: '5' } });
    expect(clash.body).toMatchObject({ error: 'promo_code_exists', statusCode: 409 });
    const other = await deskCall(api, 'POST', '/admin/promo-codes', { cookie: admin, body: { ...PROMO, code: 'FALL-5', kind: 'amount', value: '5,00', organizationId } });
    expect(other.status).toBe(201);
    expect((await deskCall(api, 'PUT', `/admin/promo-codes/${other.body!.id}`, { cookie: admin, body: { ...PROMO, code: 'spring-10' } })).body).toMatchObject({ error: 'promo_code_exists' });
    expect((await sql(`select value from promo_codes where id = $1`, [other.body!.id]))[0]!.value).toBe(500);
  });

  it('fixes kind and value once an order names the code, but lets it be ended and its limits changed', async () => {
    // Before any order: the value may change.
    expect((await deskCall(api, 'PUT', `/admin/promo-codes/${promoId}`, { cookie: admin, body: { ...PROMO, value: '15' } })).status).toBe(200);
    await sql(
      `insert into orders (user_id, organization_id, province, locale, subtotal_cents, discount_cents, tax_cents, total_cents, taxes, promo_code_id, promo_code, provider, hold_expires_at)
       values ('buyer-1', $1, 'QC', 'en', 15000, 2250, 1909, 14659, '[]', $2, 'Spring-10', 'office', now() + interval '15 minutes')`,
      [organizationId, promoId],
    );
    const refused = await deskCall(api, 'PUT', `/admin/promo-codes/${promoId}`, { cookie: admin, body: { ...PROMO, value: '20' } });
    expect(refused.body).toMatchObject({ error: 'promo_code_used', statusCode: 409 });
    expect((await deskCall(api, 'PUT', `/admin/promo-codes/${promoId}`, { cookie: admin, body: { ...PROMO, kind: 'amount', value: '15' } })).body).toMatchObject({ error: 'promo_code_used' });
    const ended = await deskCall(api, 'PUT', `/admin/promo-codes/${promoId}`, { cookie: admin, body: { ...PROMO, value: '15,0', validTo: '2027-03-15', maxUses: '10', maxUsesPerBuyer: '' } });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    const listed = (await deskCall(api, 'GET', '/admin/promo-codes', { cookie: admin })).body!.promoCodes as Record<string, unknown>[];
    expect(listed.find((p) => p.id === promoId)).toMatchObject({ value: 1500, validTo: '2027-03-15', maxUses: 10, maxUsesPerBuyer: null, usesSoFar: 1, orders: 1 });
  });
});
