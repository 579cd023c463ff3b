/**
 * Series on the promoter's desk against a real database through the API app (issue 24 "Series:
 * create, add or remove events, the rules as a form over the engine's rules … with a live preview
 * of the standings before saving"): the preview computes with the rules sent and writes nothing;
 * a saved drop rule changes the public standings at once and is in the audit log; another
 * promoter's staff is refused (404) and changes nothing, even with one of its events; a rule the
 * engine refuses names its rule.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { deskCall, deskLogin, setUpDeskDatabase, type Api, type Sql } from './desk-kit';

const db = setUpDeskDatabase('desk-series');

/** A series with at least three events, and its promoter. */
let target: { seriesId: number; promoterId: number; promoterUserId: number };
let other: { promoterId: number; promoterUserId: number; eventId: number };
let api: Api;
let sql: Sql;
let staff: { cookie: string };
let otherStaff: { cookie: string };

beforeAll(async () => {
  ({ api, sql } = db);
  const [s] = await sql(
    `select s.id, p.id as promoter_id, p.user_id from series s join promoters p on p.id = s.promoter_id join series_events se on se.series_id = s.id
      where s.is_public and p.is_public group by s.id, p.id having count(*) >= 3 order by s.id limit 1`,
  );
  target = { seriesId: s!.id as number, promoterId: s!.promoter_id as number, promoterUserId: s!.user_id as number };
  const [o] = await sql('select p.id, p.user_id, e.id as event_id from promoters p join events e on e.promoter_id = p.id where p.id <> $1 order by p.id, e.id limit 1', [target.promoterId]);
  other = { promoterId: o!.id as number, promoterUserId: o!.user_id as number, eventId: o!.event_id as number };
  staff = await deskLogin(sql, 'promoter', target.promoterUserId);
  otherStaff = await deskLogin(sql, 'promoter', other.promoterUserId);
});

type Standing = { position: number | null; points: number };
type Preview = { classes: { name: string; rows: { riderKey: string; before: Standing | null; after: Standing }[] }[]; events: number; changed: number };

/** The public standings' points by rider key + class. */
async function publicPoints(seriesId: number): Promise<Map<string, number>> {
  const res = await deskCall(api, 'POST', `/livelaps/series/results/${seriesId}`, { body: { size: -1 } });
  expect(res.status).toBe(200);
  return new Map(((res.body!.message as { data: unknown }).data as { riderKey: string; className: string; class: Standing }[]).map((r) => [`${r.riderKey}|${r.className}`, r.class.points]));
}

describe('series on the desk', () => {
  it('lists the login’s series and opens one with its rules and events', async () => {
    const list = await deskCall(api, 'GET', '/desk/series', { cookie: staff.cookie });
    expect(list.status).toBe(200);
    expect((list.body!.series as { id: number }[]).map((s) => s.id)).toContain(target.seriesId);
    expect((await deskCall(api, 'GET', '/desk/series', { cookie: otherStaff.cookie })).body!.series).not.toContainEqual(expect.objectContaining({ id: target.seriesId }));
    const one = await deskCall(api, 'GET', `/desk/series/${target.seriesId}`, { cookie: staff.cookie });
    expect(one.status).toBe(200);
    expect((one.body!.series as { eventIds: number[] }).eventIds.length).toBeGreaterThanOrEqual(3);
  });

  it('previews a drop rule: standings change, nothing is written; saving it changes the public standings and is in the audit log', async () => {
    const stored = (await deskCall(api, 'GET', `/desk/series/${target.seriesId}`, { cookie: staff.cookie })).body!.series as { rules: Record<string, unknown> } & Record<string, unknown>;
    const [rowBefore] = await sql('select rules from series where id = $1', [target.seriesId]);
    const auditBefore = (await sql('select count(*)::int as n from desk_audit'))[0]!.n;
    // The other drop rule than the stored one: none dropped, or one.
    const drops = stored.rules.dropScores === 0 ? 1 : 0;
    const dropOne = { ...stored, rules: { ...stored.rules, bestResults: null, dropScores: drops } };

    const preview = await deskCall(api, 'POST', `/desk/series/${target.seriesId}/preview`, { cookie: staff.cookie, body: dropOne });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const shown = preview.body as unknown as Preview;
    expect(shown.events).toBeGreaterThanOrEqual(2);
    expect(shown.changed).toBeGreaterThan(0);
    // A rider who scored at every event gains (no drop) or loses (one dropped) their worst score.
    const lower = shown.classes.flatMap((c) => c.rows).filter((r) => r.before && r.after.points !== r.before.points);
    expect(lower.length).toBeGreaterThan(0);
    // Written nowhere.
    expect((await sql('select rules from series where id = $1', [target.seriesId]))[0]).toEqual(rowBefore);
    expect((await sql('select count(*)::int as n from desk_audit'))[0]!.n).toBe(auditBefore);

    const pointsBefore = await publicPoints(target.seriesId);
    db.published.length = 0;
    const saved = await deskCall(api, 'PUT', `/desk/series/${target.seriesId}`, { cookie: staff.cookie, body: dropOne });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(db.published).toEqual(expect.arrayContaining([`series:${target.seriesId}`, 'events']));
    const audit = saved.body!.audit as { action: string; changes: Record<string, [{ dropScores: number }, { dropScores: number }]> }[];
    expect(audit[0]!.action).toBe('update');
    expect(audit[0]!.changes.rules![1].dropScores).toBe(drops);
    const pointsAfter = await publicPoints(target.seriesId);
    const example = lower[0]!;
    const key = [...pointsAfter.keys()].find((k) => k.startsWith(`${example.riderKey}|`))!;
    expect(pointsAfter.get(key)).toBe(example.after.points);
    expect(pointsBefore.get(key)).toBe(example.before!.points);
  });

  it('refuses another promoter’s staff on the series, its preview and its events, changing nothing', async () => {
    const stored = (await deskCall(api, 'GET', `/desk/series/${target.seriesId}`, { cookie: staff.cookie })).body!.series as Record<string, unknown> & { eventIds: number[] };
    const [before] = await sql('select rules, name from series where id = $1', [target.seriesId]);
    expect((await deskCall(api, 'GET', `/desk/series/${target.seriesId}`, { cookie: otherStaff.cookie })).status).toBe(404);
    expect((await deskCall(api, 'PUT', `/desk/series/${target.seriesId}`, { cookie: otherStaff.cookie, body: { ...stored, name: 'Taken over' } })).status).toBe(404);
    expect((await deskCall(api, 'POST', `/desk/series/${target.seriesId}/preview`, { cookie: otherStaff.cookie, body: stored })).status).toBe(404);
    // The series' own staff cannot pull another promoter's event into it.
    const withForeign = await deskCall(api, 'PUT', `/desk/series/${target.seriesId}`, { cookie: staff.cookie, body: { ...stored, eventIds: [...stored.eventIds, other.eventId] } });
    expect(withForeign.status).toBe(404);
    expect((await sql('select rules, name from series where id = $1', [target.seriesId]))[0]).toEqual(before);
    expect((await sql('select count(*)::int as n from series_events where series_id = $1', [target.seriesId]))[0]!.n).toBe(stored.eventIds.length);
    expect((await deskCall(api, 'GET', `/desk/series/${target.seriesId}`, {})).status).toBe(401);
  });

  it('names the rule the engine refuses, and creates a series with its events', async () => {
    const stored = (await deskCall(api, 'GET', `/desk/series/${target.seriesId}`, { cookie: staff.cookie })).body!.series as Record<string, unknown> & { rules: Record<string, unknown>; eventIds: number[] };
    const bad = await deskCall(api, 'PUT', `/desk/series/${target.seriesId}`, { cookie: staff.cookie, body: { ...stored, name: ' ', rules: { ...stored.rules, pointsTable: [25, -3], dropScores: 'two' } } });
    expect(bad.status).toBe(400);
    expect(bad.body!.issues).toEqual(
      expect.arrayContaining([
        { path: ['name'], code: 'null_name' },
        { path: ['rules', 'pointsTable'], code: 'invalid_points_table' },
        { path: ['rules', 'dropScores'], code: 'invalid_drop_scores' },
      ]),
    );
    const ends = await deskCall(api, 'PUT', `/desk/series/${target.seriesId}`, { cookie: staff.cookie, body: { ...stored, endDate: '2000-01-01' } });
    expect(ends.body!.issues).toEqual([{ path: ['endDate'], code: 'invalid_end_date' }]);

    const own = (await sql('select id from events where promoter_id = $1 order by id limit 2', [target.promoterId])).map((r) => r.id as number);
    expect(own).toHaveLength(2);
    const created = await deskCall(api, 'POST', '/desk/series', { cookie: staff.cookie, body: { promoterId: target.promoterId, series: { ...stored, name: 'Desk Cup', eventIds: own, rules: {} } } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body!.id as number;
    expect((await sql('select count(*)::int as n from series_events where series_id = $1', [id]))[0]!.n).toBe(2);
    const audit = (await deskCall(api, 'GET', `/desk/series/${id}`, { cookie: staff.cookie })).body!.audit as { action: string }[];
    expect(audit.map((a) => a.action)).toEqual(['create']);
    expect((await deskCall(api, 'POST', '/desk/series', { cookie: otherStaff.cookie, body: { promoterId: target.promoterId, series: { ...stored, eventIds: [] } } })).status).toBe(404);
  });
});
