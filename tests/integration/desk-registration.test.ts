/**
 * An event's online-registration settings on the promoter's desk, against a real database through
 * the API app (issue 27 "Fees by date (early, regular, late fee after the deadline), set by the
 * promoter in the desk"; waiting-list offer time, refund policy, transponder rental, questions,
 * gate payment, selfie): the event's promoter saves them and reads them back, with one audit
 * record; fee dates the wrong way round or outside the registration window, refund steps out of
 * order and a question asked twice are refused on their fields and change nothing; another
 * promoter's event answers 404 and a visitor who is not logged in 401.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { deskCall, deskLogin, setUpDeskDatabase, type Api, type Sql } from './desk-kit';

const db = setUpDeskDatabase('desk-registration');

let api: Api;
let sql: Sql;
let mine: { eventId: number; cookie: string };
let theirs: { eventId: number; cookie: string };

/** A new promoter with an event whose registration runs 1 April to 1 June 2027, and a staff login. */
async function promoter(n: number) {
  const userId = 980_000 + n;
  const [p] = await sql(`insert into promoters (user_id, name) values ($1, $2) returning id`, [userId, `Registration Promoter ${n}`]);
  const [event] = await sql(`insert into events (promoter_id, name, start_date, registration_opens_on, registration_closes_on) values ($1, $2, '2027-06-05', '2027-04-01', '2027-06-01') returning id`, [p!.id, `Registration Enduro ${n}`]);
  const login = await deskLogin(sql, 'promoter', userId);
  return { eventId: event!.id as number, cookie: login.cookie };
}

beforeAll(async () => {
  ({ api, sql } = db);
  mine = await promoter(1);
  theirs = await promoter(2);
});

const SETTINGS = {
  earlyUntil: '2027-04-30',
  lateFrom: '2027-05-25',
  payAtGate: false,
  waiverSelfie: true,
  offerHours: 48,
  refundPolicy: [
    { until: '2027-05-01', percent: 100 },
    { until: '2027-05-20', percent: 50 },
  ],
  transponderRentalCents: 2500,
  transponderDepositCents: 10000,
  questions: [
    { id: 'bike_brand', label: { en: 'Bike brand', fr: 'Marque de la moto' }, required: true },
    { id: 'displacement', label: { en: 'Displacement (cc)' }, required: false },
  ],
};

const path = (eventId: number) => `/desk/events/${eventId}/registration-settings`;
const stored = async (eventId: number) => (await sql('select registration_settings from events where id = $1', [eventId]))[0]!.registration_settings;
const audits = async (eventId: number) => (await sql('select count(*)::int as n from desk_audit where event_id = $1', [eventId]))[0]!.n;

describe('online-registration settings on the desk', () => {
  it('gives an event that never set any the defaults, with its registration window', async () => {
    const read = await deskCall(api, 'GET', path(mine.eventId), { cookie: mine.cookie });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      settings: { earlyUntil: null, lateFrom: null, payAtGate: true, waiverSelfie: false, offerHours: 24, refundPolicy: [], transponderRentalCents: null, transponderDepositCents: 0, questions: [] },
      window: { opensOn: '2027-04-01', closesOn: '2027-06-01' },
    });
  });

  it('saves them for the event’s promoter, reads them back, and records one audited change', async () => {
    const saved = await deskCall(api, 'PUT', path(mine.eventId), { cookie: mine.cookie, body: SETTINGS });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ changed: true, settings: SETTINGS });
    expect(await stored(mine.eventId)).toEqual(SETTINGS);
    expect((await deskCall(api, 'GET', path(mine.eventId), { cookie: mine.cookie })).body!.settings).toEqual(SETTINGS);
    const [audit] = await sql(`select entity, action, "before", "after" from desk_audit where event_id = $1 order by id desc limit 1`, [mine.eventId]);
    expect(audit).toMatchObject({ entity: 'event', action: 'update', before: { registrationSettings: expect.objectContaining({ offerHours: 24 }) }, after: { registrationSettings: SETTINGS } });
    // The same settings again change nothing and record nothing.
    const n = await audits(mine.eventId);
    const again = await deskCall(api, 'PUT', path(mine.eventId), { cookie: mine.cookie, body: SETTINGS });
    expect(again.body).toMatchObject({ changed: false });
    expect(await audits(mine.eventId)).toBe(n);
  });

  it('refuses fee dates the wrong way round or outside the registration window on their fields, changing nothing', async () => {
    const n = await audits(mine.eventId);
    const order = await deskCall(api, 'PUT', path(mine.eventId), { cookie: mine.cookie, body: { ...SETTINGS, earlyUntil: '2027-05-10', lateFrom: '2027-05-10' } });
    expect(order.status).toBe(400);
    expect(order.body!.issues).toEqual([{ path: ['lateFrom'], code: 'invalid_late_from_order' }]);

    const outside = await deskCall(api, 'PUT', path(mine.eventId), { cookie: mine.cookie, body: { ...SETTINGS, earlyUntil: '2027-03-15', lateFrom: '2027-06-03' } });
    expect(outside.status).toBe(400);
    expect(outside.body!.issues).toEqual([
      { path: ['earlyUntil'], code: 'invalid_early_until_window' },
      { path: ['lateFrom'], code: 'invalid_late_from_window' },
    ]);

    const steps = await deskCall(api, 'PUT', path(mine.eventId), {
      cookie: mine.cookie,
      body: {
        ...SETTINGS,
        offerHours: 200,
        refundPolicy: [
          { until: '2027-05-20', percent: 50 },
          { until: '2027-05-01', percent: 80 },
        ],
        questions: [...SETTINGS.questions, { id: 'bike_brand', label: { en: 'Bike brand' }, required: false }],
      },
    });
    expect(steps.status).toBe(400);
    expect(steps.body!.issues).toEqual([
      { path: ['offerHours'], code: 'invalid_offer_hours' },
      { path: ['refundPolicy', 1, 'until'], code: 'invalid_refund_order' },
      { path: ['refundPolicy', 1, 'percent'], code: 'invalid_refund_percent_order' },
      { path: ['questions', 2, 'id'], code: 'invalid_question_duplicate' },
    ]);
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
    expect((await deskCall(api, 'PUT', path(theirs.eventId), { cookie: theirs.cookie, body: { ...SETTINGS, questions: [] } })).status).toBe(200);
  });
});
