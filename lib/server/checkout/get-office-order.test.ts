/**
 * The office's view of one order on the real database (issue 26 "staff mark it paid"; "refunds by
 * federation staff with a reason, through the provider, recorded"): the buyer's name and email,
 * who recorded the payment and who asked the refund, the receipt's number once paid, the
 * membership given; unknown or malformed ids answer null. And the list the office page reads
 * finds the order by its buyer's email and by its state.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase, type TestDatabase } from '../../../tests/integration/setup';
import type { Principal } from '../policy';

let database: TestDatabase;
let pool: pg.Pool;
let co: typeof import('./server');
let office: typeof import('./get-office-order');
const sql = async (text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as Record<string, unknown>[];

const NOW = new Date('2026-06-10T14:00:00Z');
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
let adminId: string;
let admin: Principal;
let buyer: Principal;
let participantId: number;
let organizationId: number;
let typeId: number;

beforeAll(async () => {
  database = await useTestDatabase('empty');
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  co = await import('./server');
  office = await import('./get-office-order');
  [{ id: organizationId }] = (await sql(`insert into organizations (name) values ('Office Federation') returning id`)) as { id: number }[];
  [{ id: typeId }] = (await sql(`insert into membership_types (organization_id, name, names, price_cents, min_age, max_age, validity) values ($1, 'Adult licence', '{}', 10000, 18, null, 'season') returning id`, [organizationId])) as { id: number }[];
  adminId = randomUUID();
  await sql(`insert into users (id, name, email, role, email_verified) values ($1, 'Odile Office', 'odile@example.org', 'admin', true)`, [adminId]);
  admin = { userId: adminId, role: 'admin', emailVerified: true, promoterIds: [] };
  const buyerId = randomUUID();
  await sql(`insert into users (id, name, email, role, email_verified) values ($1, 'Béa Buyer', 'bea@example.org', 'participant', true)`, [buyerId]);
  const [p] = await sql(`insert into participants (first_name, last_name) values ('Béa', 'Buyer') returning id`);
  participantId = p!.id as number;
  await sql(`insert into participant_profiles (participant_id, user_id, first_name, last_name, gender, birthday) values ($1, $2, 'Béa', 'Buyer', 'female', '1990-01-01')`, [participantId, buyerId]);
  buyer = { userId: buyerId, role: 'participant', emailVerified: true, promoterIds: [] };
});

afterAll(async () => {
  await (await import('../jobs')).stopJobs();
  await pool?.end();
  await database?.drop();
});

describe('getOfficeOrder', () => {
  it('names the buyer, who marked it paid and who refunded it, and the receipt once paid', async () => {
    const created = await co.createOrder(buyer, { organizationId, lines: [{ kind: 'membership', membershipTypeId: typeId, participantId }], province: 'ON', locale: 'fr', provider: 'office', now: NOW });
    const publicId = created.order.publicId;

    const reserved = (await office.getOfficeOrder(publicId, later(1)))!;
    expect(reserved.buyer).toEqual({ name: 'Béa Buyer', email: 'bea@example.org' });
    expect(reserved.summary).toMatchObject({ state: 'reserved', dueCents: 11300, refundableCents: 0 });
    expect(reserved.receiptNumber).toBeNull();
    expect(reserved.memberships).toEqual([]);

    // The office list finds it by the buyer's email and by its state, not under another state.
    expect((await co.listOfficeOrders({ q: 'BEA@example', state: 'reserved' }, later(1))).orders.map((o) => o.publicId)).toEqual([publicId]);
    expect((await co.listOfficeOrders({ state: 'paid' }, later(1))).orders).toEqual([]);

    await co.markPaidByStaff(admin, publicId, { now: later(2) });
    await co.refundByStaff(admin, publicId, { amountCents: 2500, reason: 'Bought twice by mistake', requestId: randomUUID() });

    const view = (await office.getOfficeOrder(publicId))!;
    expect(view.summary).toMatchObject({ state: 'partially_refunded', paidCents: 11300, refundedCents: 2500, refundableCents: 8800, dueCents: 0 });
    expect(view.payments).toHaveLength(1);
    expect(view.people[view.payments[0]!.recordedBy!]).toEqual({ name: 'Odile Office', email: 'odile@example.org' });
    expect(view.refunds).toEqual([expect.objectContaining({ amountCents: 2500, reason: 'Bought twice by mistake' })]);
    expect(view.people[view.refunds[0]!.requestedBy!]?.name).toBe('Odile Office');
    expect(view.receiptNumber).toMatch(/^R-\d{6}$/);
    expect(view.memberships).toEqual([expect.objectContaining({ participantId, orderLineId: view.lines[0]!.id })]);
  });

  it('answers null for an unknown order and for an id that is not a uuid', async () => {
    expect(await office.getOfficeOrder(randomUUID())).toBeNull();
    expect(await office.getOfficeOrder('not-a-uuid')).toBeNull();
  });
});
