/**
 * Riders of a series on the promoter's desk against a real database through the API app (issue 24
 * "Riders: merge and split rider records (what `npm run riders` does) from the desk, with the
 * standings effect shown before confirming"; spec §3 Series table): the list finds riders by name
 * and number; a merge's preview shows the class standings change and writes nothing; the merge
 * moves the public standings as previewed and is in the audit log; a split undoes it; another
 * promoter's staff gets 404 on every route and changes nothing; a bad body names its issue.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { DeskRider, DeskRiders, RidersPreview, RidersResult } from '../../lib/contracts/desk-riders';
import { deskCall, deskLogin, setUpDeskDatabase, type Api, type Sql } from './desk-kit';

const db = setUpDeskDatabase('desk-riders');

let target: { seriesId: number; promoterId: number; promoterUserId: number };
let api: Api;
let sql: Sql;
let staff: { cookie: string };
let otherStaff: { cookie: string };
/** Two riders of one class, both classified: `a` (one or more records) and `b` (one record). */
let pair: { className: string; a: DeskRider; b: DeskRider };

type Standing = { position: number | null; points: number };
type PublicRow = { riderKey: string; participantId: number; className: string | null; class: Standing };

/** The public standings rows (POST livelaps/series/results/{id}). */
async function publicRows(seriesId: number): Promise<PublicRow[]> {
  const res = await deskCall(api, 'POST', `/livelaps/series/results/${seriesId}`, { body: { size: -1 } });
  expect(res.status).toBe(200);
  return (res.body!.message as { data: PublicRow[] }).data;
}
const rowOf = (rows: PublicRow[], riderKey: string, className: string) => rows.find((r) => r.riderKey === riderKey && r.className === className);
const snapshot = async () => ({
  links: await sql('select participant_id, rider_key from rider_links order by participant_id'),
  audit: (await sql('select count(*)::int as n from desk_audit'))[0]!.n as number,
});
const riders = async (cookie: string, q = '') => deskCall(api, 'GET', `/desk/series/${target.seriesId}/riders${q ? `?q=${encodeURIComponent(q)}` : ''}`, { cookie });

beforeAll(async () => {
  ({ api, sql } = db);
  // A public series whose riders include several participant records of one rider (member numbers across imports).
  const [s] = await sql(
    `select s.id, p.id as promoter_id, p.user_id from series s join promoters p on p.id = s.promoter_id join series_events se on se.series_id = s.id
      where s.is_public and p.is_public group by s.id, p.id having count(*) >= 2 order by s.id limit 1`,
  );
  target = { seriesId: s!.id as number, promoterId: s!.promoter_id as number, promoterUserId: s!.user_id as number };
  const [o] = await sql('select p.user_id from promoters p where p.id <> $1 order by p.id limit 1', [target.promoterId]);
  staff = await deskLogin(sql, 'promoter', target.promoterUserId);
  otherStaff = await deskLogin(sql, 'promoter', o!.user_id as number);

  const list = (await riders(staff.cookie)).body as unknown as DeskRiders;
  const standings = await publicRows(target.seriesId);
  const classified = (r: DeskRider, className: string) => (rowOf(standings, r.riderKey, className)?.class.position ?? null) !== null;
  for (const b of list.riders.filter((r) => r.records.length === 1 && r.classes.length === 1)) {
    const className = b.classes[0]!;
    const a = list.riders.find((r) => r !== b && r.classes.length === 1 && r.classes[0] === className && classified(r, className));
    if (a && classified(b, className)) {
      pair = { className, a, b };
      break;
    }
  }
  expect(pair, 'two classified riders of one class, one with a single record').toBeDefined();
});

describe('riders on the desk', () => {
  it('lists a series’ riders with their participant records, found by name or number', async () => {
    const all = await riders(staff.cookie);
    expect(all.status).toBe(200);
    const list = all.body as unknown as DeskRiders;
    expect(list.total).toBe(list.riders.length);
    expect(list.riders.some((r) => r.records.length > 1)).toBe(true);
    const several = list.riders.find((r) => r.records.length > 1)!;
    expect(several.records[0]).toEqual(expect.objectContaining({ participantId: expect.any(Number), numbers: expect.any(Array), classes: expect.any(Array), events: expect.any(Array) }));
    expect(several.records[0]!.events[0]).toEqual({ id: expect.any(Number), name: expect.any(String) });

    const lastName = pair.b.records[0]!.lastName;
    const byName = (await riders(staff.cookie, lastName.toUpperCase())).body as unknown as DeskRiders;
    expect(byName.riders.map((r) => r.riderKey)).toContain(pair.b.riderKey);
    expect(byName.total).toBeLessThan(list.total);
    const byNumber = (await riders(staff.cookie, `#${pair.b.records[0]!.numbers[0]}`)).body as unknown as DeskRiders;
    expect(byNumber.riders.map((r) => r.riderKey)).toContain(pair.b.riderKey);
    expect(byNumber.riders.every((r) => r.records.some((rec) => rec.numbers.includes(pair.b.records[0]!.numbers[0]!)))).toBe(true);
    expect((await riders(staff.cookie, 'zzzz-nobody')).body).toEqual({ riders: [], total: 0 });
  });

  it('previews a merge: the standings change is shown and nothing is written; the merge applies it and is in the audit log; a split undoes it', async () => {
    const { className, a, b } = pair;
    const ids = [...a.records.map((r) => r.participantId), b.records[0]!.participantId];
    const before = await snapshot();
    const standingsBefore = await publicRows(target.seriesId);

    const preview = await deskCall(api, 'POST', `/desk/series/${target.seriesId}/riders/preview`, { cookie: staff.cookie, body: { action: 'merge', participantIds: ids } });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const shown = preview.body as unknown as RidersPreview;
    expect(shown.riderKey).toBe(`rider:${Math.min(...ids)}`);
    expect(shown.changed).toBeGreaterThanOrEqual(2);
    const named = shown.rows.filter((r) => r.named && r.className === className);
    // Both riders' rows before → the one rider's row after.
    expect(named.map((r) => r.before?.riderKey).sort()).toEqual([a.riderKey, b.riderKey].sort());
    expect(new Set(named.map((r) => r.after?.riderKey))).toEqual(new Set([shown.riderKey]));
    const fromB = named.find((r) => r.before?.riderKey === b.riderKey)!;
    expect(fromB.before).toMatchObject({ position: rowOf(standingsBefore, b.riderKey, className)!.class.position, points: rowOf(standingsBefore, b.riderKey, className)!.class.points });
    // Written nowhere.
    expect(await snapshot()).toEqual(before);
    expect(await publicRows(target.seriesId)).toEqual(standingsBefore);

    db.published.length = 0;
    const merged = await deskCall(api, 'POST', `/desk/series/${target.seriesId}/riders/merge`, { cookie: staff.cookie, body: { participantIds: ids } });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    const result = merged.body as unknown as RidersResult;
    expect(result).toMatchObject({ action: 'merge', riderKey: shown.riderKey });
    expect(result.changed).toContain(b.records[0]!.participantId);
    expect(db.published).toContain(`series:${target.seriesId}`);
    // The public standings are the preview's.
    const standingsMerged = await publicRows(target.seriesId);
    for (const row of shown.rows) {
      if (row.after) expect(rowOf(standingsMerged, row.after.riderKey, row.className!)?.class, JSON.stringify(row)).toEqual({ position: row.after.position, points: row.after.points });
      if (row.before && row.before.riderKey !== row.after?.riderKey) expect(rowOf(standingsMerged, row.before.riderKey, row.className!)).toBeUndefined();
    }
    const audit = await sql(`select user_id, promoter_id, entity, entity_id, action, before, after from desk_audit order by id desc limit 1`);
    expect(audit[0]).toMatchObject({ promoter_id: target.promoterId, entity: 'series', entity_id: target.seriesId, action: 'update', after: { riders: { action: 'merge', participantIds: ids, key: shown.riderKey } } });
    expect((audit[0]!.before as { riders: { participantId: number }[] }).riders.map((c) => c.participantId)).toEqual(expect.arrayContaining(result.changed));
    const onSeries = (await deskCall(api, 'GET', `/desk/series/${target.seriesId}`, { cookie: staff.cookie })).body!.audit as { changes: Record<string, unknown> }[];
    expect(Object.keys(onSeries[0]!.changes)).toEqual(['riders']);
    expect((await snapshot()).audit).toBe(before.audit + 1);

    // The split's preview and the split: the record becomes its own rider again, with its standing of before the merge.
    const bId = b.records[0]!.participantId;
    const splitPreview = (await deskCall(api, 'POST', `/desk/series/${target.seriesId}/riders/preview`, { cookie: staff.cookie, body: { action: 'split', participantIds: [bId] } })).body as unknown as RidersPreview;
    expect(splitPreview.riderKey).toBe(`split:${bId}`);
    expect(splitPreview.rows.filter((r) => r.named).map((r) => [r.before?.riderKey, r.after?.riderKey])).toContainEqual([shown.riderKey, `split:${bId}`]);
    const split = await deskCall(api, 'POST', `/desk/series/${target.seriesId}/riders/split`, { cookie: staff.cookie, body: { participantIds: [bId] } });
    expect(split.status, JSON.stringify(split.body)).toBe(200);
    expect(split.body).toEqual({ action: 'split', riderKey: `split:${bId}`, changed: [bId] });
    const standingsSplit = await publicRows(target.seriesId);
    expect(rowOf(standingsSplit, `split:${bId}`, className)!.class).toEqual(rowOf(standingsBefore, b.riderKey, className)!.class);
    const standing = (rows: PublicRow[]) => rows.filter((r) => r.className === className).map((r) => `${r.class.position}:${r.class.points}`).sort();
    expect(standing(standingsSplit)).toEqual(standing(standingsBefore));
    // Splitting it again changes nothing and records nothing.
    const again = await deskCall(api, 'POST', `/desk/series/${target.seriesId}/riders/split`, { cookie: staff.cookie, body: { participantIds: [bId] } });
    expect(again.body).toEqual({ action: 'split', riderKey: `split:${bId}`, changed: [] });
    expect((await snapshot()).audit).toBe(before.audit + 2);
  });

  it('refuses another promoter’s staff on every route, and a participant who is not a rider of the series, changing nothing', async () => {
    const before = await snapshot();
    const ids = [pair.a.records[0]!.participantId, pair.b.records[0]!.participantId];
    expect((await riders(otherStaff.cookie)).status).toBe(404);
    const calls: [string, unknown][] = [
      ['preview', { action: 'merge', participantIds: ids }],
      ['merge', { participantIds: ids }],
      ['split', { participantIds: [ids[1]] }],
    ];
    for (const [route, body] of calls) {
      const reply = await deskCall(api, 'POST', `/desk/series/${target.seriesId}/riders/${route}`, { cookie: otherStaff.cookie, body });
      expect(reply.status, route).toBe(404);
      expect(reply.body!.error).toBe('not_found');
      expect((await deskCall(api, 'POST', `/desk/series/${target.seriesId}/riders/${route}`, { body })).status, `${route} logged out`).toBe(401);
    }
    expect((await riders('')).status).toBe(401);

    // A participant record with no result in the series.
    const [stranger] = await sql(
      `select p.id from participants p where not exists (
         select 1 from entries e join results r on r.entry_id = e.id join races ra on ra.id = r.race_id join series_events se on se.event_id = ra.event_id
         where e.participant_id = p.id and se.series_id = $1) order by p.id limit 1`,
      [target.seriesId],
    );
    const foreign = [ids[0], stranger!.id as number];
    expect((await deskCall(api, 'POST', `/desk/series/${target.seriesId}/riders/preview`, { cookie: staff.cookie, body: { action: 'merge', participantIds: foreign } })).status).toBe(404);
    expect((await deskCall(api, 'POST', `/desk/series/${target.seriesId}/riders/merge`, { cookie: staff.cookie, body: { participantIds: foreign } })).status).toBe(404);
    expect((await deskCall(api, 'POST', `/desk/series/${target.seriesId}/riders/split`, { cookie: staff.cookie, body: { participantIds: [stranger!.id] } })).status).toBe(404);
    expect((await deskCall(api, 'GET', `/desk/series/999999/riders`, { cookie: staff.cookie })).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('answers a bad body with 400 and its issue codes', async () => {
    const id = pair.b.records[0]!.participantId;
    const bad: [string, unknown, { path: string[]; code: string }[]][] = [
      ['merge', { participantIds: [id] }, [{ path: ['participantIds'], code: 'invalid_participant_ids' }]],
      ['merge', { participantIds: [id, id] }, [{ path: ['participantIds'], code: 'invalid_participant_ids' }]],
      ['merge', { participantIds: Array.from({ length: 51 }, (_, i) => i + 1) }, [{ path: ['participantIds'], code: 'invalid_participant_ids' }]],
      ['merge', { participantIds: [id, 'x'] }, [{ path: ['participantIds'], code: 'invalid_participant_ids' }]],
      ['split', { participantIds: [id, id + 1] }, [{ path: ['participantIds'], code: 'invalid_participant_ids' }]],
      ['split', {}, [{ path: ['participantIds'], code: 'invalid_participant_ids' }]],
      ['preview', { action: 'join', participantIds: [id] }, [{ path: ['action'], code: 'invalid_action' }]],
      ['preview', { action: 'merge', participantIds: [id] }, [{ path: ['participantIds'], code: 'invalid_participant_ids' }]],
    ];
    for (const [route, body, issues] of bad) {
      const reply = await deskCall(api, 'POST', `/desk/series/${target.seriesId}/riders/${route}`, { cookie: staff.cookie, body });
      expect(reply.status, `${route} ${JSON.stringify(body)}`).toBe(400);
      expect(reply.body!.issues, `${route} ${JSON.stringify(body)}`).toEqual(issues);
    }
    const notJson = await api.request(`/api/v1/desk/series/${target.seriesId}/riders/merge`, {
      method: 'POST',
      headers: { host: 'localhost', origin: 'http://localhost', 'content-type': 'text/plain', cookie: staff.cookie },
      body: 'participantIds=1,2',
    });
    expect(notJson.status).toBe(415);
  });
});
