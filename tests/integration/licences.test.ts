/**
 * The licence claim rule (issue 29: "A licence number typed into a profile needs no proof, yet it
 * is the first key the series engine matches riders on: a racer could take another's standings by
 * typing their licence"), on the real database through the API app: a typed licence joins nobody
 * (the rider page's person, which the series share the keys of) until an official confirms it,
 * seen on the card; a confirmation of a number that changed since is refused; only officials and
 * admins may; a changed licence is unconfirmed again.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { deskCall, deskLogin, setUpDeskDatabase, withCmsOutOfReach, type Api, type Sql } from './desk-kit';

withCmsOutOfReach();

const db = setUpDeskDatabase('licences');
let api: Api;
let sql: Sql;
const ids = { federationRecord: 0, imposter: 0, married: 0 };

const record = async (first: string, last: string, licence: string, confirmed: boolean) =>
  Number(
    (
      await sql(`insert into participants (first_name, last_name, licence, licence_confirmed_at, licence_confirmed_by) values ($1, $2, $3, $4, $5) returning id`, [
        first,
        last,
        licence,
        confirmed ? new Date('2026-03-01T12:00:00Z') : null,
        confirmed ? 'federation' : null,
      ])
    )[0]!.id,
  );

beforeAll(async () => {
  ({ api, sql } = db);
  ids.federationRecord = await record('Zoé', 'Racine', 'QC-777', true);
  // Someone else typed Zoé's number in their own profile.
  ids.imposter = await record('Maxime', 'Imposteur', 'qc 777', false);
  // Zoé herself, under her married name, typed it too: not confirmed yet.
  ids.married = await record('Zoé', 'Racine-Tremblay', 'QC777', false);
});

const personOf = async (participantId: number) => (await import('../../lib/server/riders')).personParticipants(participantId);

describe('a typed licence', () => {
  it('joins nobody until confirmed: the imposter does not take Zoé’s record', async () => {
    expect(await personOf(ids.imposter)).toEqual([ids.imposter]);
    expect(await personOf(ids.married)).toEqual([ids.married]);
    expect(await personOf(ids.federationRecord)).toEqual([ids.federationRecord]);
  });

  it('lists the typed licences to an official, unconfirmed first; refuses a stranger, a participant and a club’s staff', async () => {
    expect((await deskCall(api, 'GET', '/desk/licences')).status).toBe(401);
    for (const role of ['participant', 'promoter'] as const) {
      const login = await deskLogin(sql, role, role === 'promoter' ? 1 : undefined);
      expect((await deskCall(api, 'GET', '/desk/licences', { cookie: login.cookie })).status, role).toBe(404);
      expect((await deskCall(api, 'POST', `/desk/licences/${ids.married}/confirmation`, { cookie: login.cookie, body: { licence: 'QC777' } })).status, role).toBe(404);
    }
    const official = await deskLogin(sql, 'official');
    const list = await deskCall(api, 'GET', '/desk/licences?q=777', { cookie: official.cookie });
    expect(list.status).toBe(200);
    const rows = list.body!.rows as { participantId: number; confirmedAt: string | null }[];
    expect(rows.map((r) => r.participantId)).toEqual([ids.imposter, ids.married, ids.federationRecord]);
    expect(rows.map((r) => r.confirmedAt === null)).toEqual([true, true, false]);
    // Found by the fuzzer: a NUL in the search was a 500 (PostgreSQL refuses it in text); now 400.
    expect(await deskCall(api, 'GET', '/desk/licences?q=77%007', { cookie: official.cookie })).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
  });

  it('joins Zoé’s records once an official saw her card; a number changed since is refused; twice is once', async () => {
    const official = await deskLogin(sql, 'official');
    const confirm = (licence: string) => deskCall(api, 'POST', `/desk/licences/${ids.married}/confirmation`, { cookie: official.cookie, body: { licence } });
    expect(await confirm('QC-778')).toMatchObject({ status: 409, body: { error: 'licence_changed' } });
    expect(await personOf(ids.married)).toEqual([ids.married]);
    const done = await confirm('qc-777');
    expect(done).toMatchObject({ status: 200, body: { duplicate: false, row: { participantId: ids.married, licence: 'QC777' } } });
    expect((done.body!.row as { confirmedAt: string | null }).confirmedAt).not.toBeNull();
    expect(await personOf(ids.married)).toEqual([ids.federationRecord, ids.married]);
    expect(await confirm('QC777')).toMatchObject({ status: 200, body: { duplicate: true } });
    const [row] = await sql(`select licence_confirmed_by from participants where id = $1`, [ids.married]);
    expect(row!.licence_confirmed_by).toBe(official.id);
    // The imposter still stands alone.
    expect(await personOf(ids.imposter)).toEqual([ids.imposter]);
  });
});
