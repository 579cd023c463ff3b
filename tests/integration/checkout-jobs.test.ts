/**
 * The checkout's periodic jobs on the real database (issue 26 "Holds that expire … a session not
 * paid by then is expired at Stripe and released"; "Renewal: … a reminder email 30 days before
 * (job)"), their handlers called directly (the queue's schedule need not run): the hold sweeper
 * releases a Stripe order whose hold ended and has its Checkout Session expired at the Stripe
 * stand-in once, however often it runs; the renewal reminders mail each membership ending within
 * 30 days once (a minor's to their guardian, in the account's language), and neither one already
 * renewed nor one ending in 40 days.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Principal } from '../../lib/server/policy';
import { startStripeStub, type StripeStub } from '../stubs/stripe-server';
import { useTestDatabase, type TestDatabase } from './setup';

const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'll-checkout-jobs-outbox-'));
let database: TestDatabase;
let pool: pg.Pool;
let stub: StripeStub;
let jobs: typeof import('../../lib/server/jobs');
let co: typeof import('../../lib/server/checkout/server');
const sql = async (text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as Record<string, unknown>[];

let organizationId: number;
let typeId: number;

/** A person: with a login (an adult), or a minor of `guardian` (no login). */
async function person(first: string, last: string, guardian?: { profileId: number }) {
  const [p] = await sql(`insert into participants (first_name, last_name) values ($1, $2) returning id`, [first, last]);
  let userId: string | null = null;
  if (!guardian) {
    userId = randomUUID();
    await sql(`insert into users (id, name, email, role, email_verified) values ($1, $2, $3, 'participant', true)`, [userId, `${first} ${last}`, `${first.toLowerCase()}.${userId.slice(0, 6)}@example.org`]);
  }
  const [profile] = await sql(
    `insert into participant_profiles (participant_id, user_id, guardian_id, relationship, first_name, last_name, gender, birthday) values ($1, $2, $3, $4, $5, $6, 'male', '1990-01-01') returning id`,
    [p!.id, userId, guardian?.profileId ?? null, guardian ? 'father' : null, first, last],
  );
  const principal: Principal | null = userId ? { userId, role: 'participant', emailVerified: true, promoterIds: [] } : null;
  return { participantId: p!.id as number, profileId: profile!.id as number, userId, principal: principal! };
}

let number = 100;
/** A membership of `participantId` valid from `from` to `until`. */
async function membership(participantId: number, from: string, until: string): Promise<number> {
  const [row] = await sql(`insert into memberships (organization_id, participant_id, membership_type_id, number, valid_from, valid_until) values ($1, $2, $3, $4, $5, $6) returning id`, [
    organizationId,
    participantId,
    typeId,
    String(++number),
    from,
    until,
  ]);
  return row!.id as number;
}

/** The mail of each `send-email` job queued so far. */
async function mails(): Promise<{ to: { name: string; address: string } | string; subject: string; text: string; html?: string }[]> {
  return (await sql(`select data from pgboss.job where name = 'send-email' order by created_on, id`)).map((r) => (r.data as { mail: never }).mail);
}

beforeAll(async () => {
  stub = await startStripeStub();
  vi.stubEnv('OUTBOX_DIR', outbox);
  vi.stubEnv('SITE_URL', 'https://federation.test');
  vi.stubEnv('CMS_URL', 'http://127.0.0.1:9');
  vi.stubEnv('SMTP_URL', undefined);
  vi.stubEnv('STRIPE_SECRET_KEY', 'sk_test_stub');
  vi.stubEnv('STRIPE_API_BASE', stub.url);
  database = await useTestDatabase('empty');
  pool = new pg.Pool({ connectionString: database.url, max: 3 });
  jobs = await import('../../lib/server/jobs');
  co = await import('../../lib/server/checkout/server');
  [{ id: organizationId }] = (await sql(`insert into organizations (name, names) values ('Jobs Federation', '{"fr": "Fédération des tâches"}') returning id`)) as { id: number }[];
  [{ id: typeId }] = (await sql(`insert into membership_types (organization_id, name, names, price_cents, validity) values ($1, 'Adult licence', '{"fr": "Licence adulte"}', 16500, 'season') returning id`, [organizationId])) as { id: number }[];
});

afterAll(async () => {
  await jobs?.stopJobs();
  await stub?.close();
  await pool?.end();
  await database?.drop();
  vi.unstubAllEnvs();
  fs.rmSync(outbox, { recursive: true, force: true });
});

describe('the hold sweeper', () => {
  it('releases a Stripe order whose hold ended and expires its session at Stripe once', async () => {
    const buyer = await person('Ana', 'Stripe');
    const now = new Date();
    const view = await co.createOrder(buyer.principal, {
      organizationId,
      lines: [{ kind: 'membership', membershipTypeId: typeId, participantId: buyer.participantId }],
      province: 'QC',
      locale: 'en',
      provider: 'stripe',
      now,
    });
    const { paymentProvider } = await import('../../lib/server/payments/provider');
    const started = await paymentProvider().startCheckout({
      orderPublicId: view.order.publicId,
      lines: [{ description: 'Adult licence', amountCents: view.order.subtotalCents }],
      taxes: view.order.taxes.map((t) => ({ label: t.code, cents: t.cents })),
      totalCents: view.order.totalCents,
      email: 'ana@example.org',
      locale: 'en',
      successUrl: 'https://federation.test/ll/account',
      cancelUrl: 'https://federation.test/ll/membership/type',
      holdExpiresAt: view.order.holdExpiresAt,
    });
    if (started.kind !== 'redirect') throw new Error('expected a Stripe session');
    await sql(`insert into checkout_sessions (session_id, order_id, provider, expires_at) values ($1, $2, 'stripe', $3)`, [started.sessionId, view.order.id, started.expiresAt]);
    // Another order, made 10 minutes later, whose hold has not ended: it stays as it is.
    const other = await co.createOrder(buyer.principal, { organizationId, lines: [{ kind: 'membership', membershipTypeId: typeId, participantId: buyer.participantId }], province: 'QC', locale: 'en', provider: 'stripe', now: new Date(now.getTime() + 10 * 60_000) });
    stub.requests.length = 0;

    const sweptAt = new Date(view.order.holdExpiresAt.getTime() + 1000).toISOString();
    const swept = await jobs.sweepHolds({ now: sweptAt });
    expect(swept).toEqual({ released: [view.order.publicId], sessionsToExpire: [started.sessionId] });
    expect(await sql('select reason from order_releases where order_id = $1', [view.order.id])).toEqual([{ reason: 'hold_expired' }]);
    expect(await sql('select 1 from order_releases where order_id = $1', [other.order.id])).toEqual([]);
    // Stripe is called by the expire-checkout job, after the release committed.
    expect(stub.requests).toHaveLength(0);
    await jobs.drainJobs({ skipDelays: true });
    const expires = stub.requests.filter((r) => r.method === 'POST' && r.path === `/v1/checkout/sessions/${started.sessionId}/expire`);
    expect(expires).toHaveLength(1);
    expect(expires[0]!.idempotencyKey).toBe(`session:${started.sessionId}:expire`);
    expect(stub.sessions.get(started.sessionId)!.status).toBe('expired');

    // Run again (the next minute, or another instance): nothing more.
    expect(await jobs.sweepHolds({ now: sweptAt })).toEqual({ released: [], sessionsToExpire: [] });
    await jobs.drainJobs({ skipDelays: true });
    expect(stub.requests.filter((r) => r.path.endsWith('/expire'))).toHaveLength(1);
  });

  it('leaves a session paid meanwhile to the webhook', async () => {
    const buyer = await person('Ben', 'Late');
    const now = new Date();
    const view = await co.createOrder(buyer.principal, { organizationId, lines: [{ kind: 'membership', membershipTypeId: typeId, participantId: buyer.participantId }], province: 'QC', locale: 'en', provider: 'stripe', now });
    const { paymentProvider } = await import('../../lib/server/payments/provider');
    const started = await paymentProvider().startCheckout({
      orderPublicId: view.order.publicId,
      lines: [{ description: 'Adult licence', amountCents: view.order.subtotalCents }],
      taxes: view.order.taxes.map((t) => ({ label: t.code, cents: t.cents })),
      totalCents: view.order.totalCents,
      email: 'ben@example.org',
      locale: 'en',
      successUrl: 'https://federation.test/ll/account',
      cancelUrl: 'https://federation.test/ll/membership/type',
      holdExpiresAt: view.order.holdExpiresAt,
    });
    if (started.kind !== 'redirect') throw new Error('expected a Stripe session');
    await sql(`insert into checkout_sessions (session_id, order_id, provider, expires_at) values ($1, $2, 'stripe', $3)`, [started.sessionId, view.order.id, started.expiresAt]);
    stub.completeSession(started.sessionId);
    const result = await jobs.expireCheckoutSession({ sessionId: started.sessionId, orderId: view.order.id });
    expect(result).toEqual({ sessionId: started.sessionId, status: 'complete' });
    expect(stub.sessions.get(started.sessionId)!.status).toBe('complete');
  });
});

describe('renewal reminders', () => {
  it('mails each membership ending within 30 days once, a minor’s to the guardian, none renewed or ending later', async () => {
    const now = new Date('2026-12-01T15:00:00Z');
    const ana = await person('Ana', 'Ends');
    const carl = await person('Carl', 'Renewed');
    const dan = await person('Dan', 'Later');
    const guardian = await person('Gil', 'Parent');
    const minor = await person('Léo', 'Parent', { profileId: guardian.profileId });
    const anaMembership = await membership(ana.participantId, '2026-01-01', '2026-12-31');
    await membership(carl.participantId, '2026-01-01', '2026-12-20');
    await membership(carl.participantId, '2026-12-21', '2027-12-31');
    await membership(dan.participantId, '2026-01-01', '2027-01-10');
    const minorMembership = await membership(minor.participantId, '2026-01-01', '2026-12-11');
    await membership(ana.participantId, '2025-01-01', '2025-12-31'); // an old one: ended already
    // Gil bought in French: the mail about Léo is French.
    await co.createOrder(guardian.principal, { organizationId, lines: [{ kind: 'membership', membershipTypeId: typeId, participantId: minor.participantId }], province: 'QC', locale: 'fr', provider: 'office', now: new Date('2026-11-01T15:00:00Z') });

    const before = (await mails()).length;
    const first = await jobs.sendRenewalReminders({ now: now.toISOString() });
    expect(first.reminded.sort()).toEqual([anaMembership, minorMembership].sort());
    expect(await jobs.sendRenewalReminders({ now: now.toISOString() })).toEqual({ reminded: [] });
    expect(await jobs.sendRenewalReminders({ now: new Date('2026-12-02T15:00:00Z').toISOString() })).toEqual({ reminded: [] });

    const sent = (await mails()).slice(before);
    expect(sent).toHaveLength(2);
    const toAna = sent.find((m) => typeof m.to === 'object' && m.to.name === 'Ana Ends')!;
    expect(toAna.subject).toBe('Your Adult licence membership ends on December 31, 2026');
    expect(toAna.text).toContain(`https://federation.test/ll/account/membership?type=${typeId}`);
    const toGil = sent.find((m) => typeof m.to === 'object' && m.to.name === 'Gil Parent')!;
    expect(toGil.subject).toBe('Votre adhésion Licence adulte prend fin le 11 décembre 2026');
    expect(toGil.text).toContain('Léo Parent');
    expect(toGil.text).toContain(`https://federation.test/ll/fr/account/membership?type=${typeId}`);
    expect(await sql('select membership_id from membership_reminders order by membership_id')).toEqual([anaMembership, minorMembership].sort((a, b) => a - b).map((id) => ({ membership_id: id })));
  });
});
