/**
 * The live writer on a real database (lines pushed by hand, no TCP): a run becomes a race that
 * is written as passings arrive and published after each write (only the tags it touched); a
 * run's session ends when the next run starts, on finish(), when idle, sooner under the finish
 * flag; corrections, driver changes and late timing-line crossings end as the importer writes
 * them; a restarted feed continues its races (with or without the history resent, its laps
 * numbered on, corrections matched by lap), a `$I` at reconnect continues the race, the same run
 * on another day does not; races left live by a killed feed are finished at start; one writer
 * per event; a write the database refused for the connection is retried, a run that keeps
 * failing for another reason is quarantined without stopping the others; a NUL in a name is
 * dropped; an exception while preparing a write does not stop the writer.
 */
import { asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestDatabase, type TestDatabase } from '../../../../tests/integration/setup';
import { setTagPublisher } from '../../cache/tags';
import { getDb, type Db } from '../../db';
import { events, participants, promoters, races, series, seriesEvents } from '../../db/schema';
import { importResultsFile } from '../../import';
import { createMemoryBus, type BusMessage } from './bus';
import { createLiveIngest, isLiveStale, LIVE_LOCK_CLASS, LIVE_STALE_MS, LiveFeedBusyError, QUARANTINE_AFTER, type LiveIngest, type LiveIngestOptions } from './ingest';
import { dumpRace } from './test-helpers';

/** Makes `toRace` throw while `boom.toRace` > 0 (an exception while a write is prepared). */
const boom = vi.hoisted(() => ({ toRace: 0 }));
vi.mock('../rmonitor/to-race', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../rmonitor/to-race')>();
  return {
    ...actual,
    toRace: (...args: Parameters<typeof actual.toRace>) => {
      if (boom.toRace > 0) {
        boom.toRace--;
        throw new Error('toRace exploded');
      }
      return actual.toRace(...args);
    },
  };
});

let testDb: TestDatabase;
let db: Db;
let promoterId: number;
const published: string[][] = [];
const opened: LiveIngest[] = [];

beforeAll(async () => {
  testDb = await useTestDatabase('empty');
  db = getDb();
  [{ id: promoterId }] = await db.select({ id: promoters.id }).from(promoters).where(eq(promoters.userId, 1));
  setTagPublisher(async (t) => void published.push(t));
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((i) => i.close()));
});
afterAll(async () => {
  setTagPublisher(null);
  await testDb?.drop();
});

/** An ingest closed after the test (its event lock released). */
function ingestOf(opts: Omit<LiveIngestOptions, 'db'> & { db?: Db }): LiveIngest {
  const ingest = createLiveIngest({ db, log: () => {}, ...opts });
  opened.push(ingest);
  return ingest;
}

async function newEvent(): Promise<number> {
  const [row] = await db.insert(events).values({ promoterId, name: 'Live test', startDate: '2009-01-27' }).returning({ id: events.id });
  return row.id;
}

const t = (ms: number) => {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(Math.floor(ms / 3_600_000))}:${p(Math.floor(ms / 60_000) % 60)}:${p(Math.floor(ms / 1000) % 60)}.${p(ms % 1000, 3)}`;
};
const J = (reg: string, lap: number, total: number) => `$J,"${reg}","${t(lap)}","${t(total)}"`;
const G = (pos: number, reg: string, laps: number, total: number) => `$G,${pos},"${reg}",${laps},"${t(total)}"`;
const F = (tod: string, flag = 'Green') => `$F,9999,"00:10:00","${tod}","00:01:00","${flag.padEnd(6)}"`;

/** A small meeting: two classes, three riders; run 1 (two laps), run 2 (one lap). */
const RESET = '$I,"10:00:00","27 Jan 09"';
const ROSTER = ['$C,1,"Pro"', '$C,2,"Junior"', '$A,"1","11",1001,"Ann","Able","CAN",1', '$A,"2","22",1002,"Bob","Baker","KTM",2', '$A,"3","33",1003,"Cid","Cole","",1'];
const HEADER = [RESET, ...ROSTER];
const RUN1_START = ['$B,1,"Heat 1"', F('10:00:00'), J('1', 0, 1000), G(1, '1', 0, 1000), J('2', 0, 1500), G(2, '2', 0, 1500), J('3', 0, 2000), G(3, '3', 0, 2000)];
const RUN1_LAP1 = [F('10:01:00'), J('2', 60_000, 61_500), G(1, '2', 1, 61_500), J('1', 61_000, 62_000), G(2, '1', 1, 62_000), J('3', 62_000, 64_000), G(3, '3', 1, 64_000)];
const RUN1_LAP2 = [F('10:02:00', 'Finish'), J('1', 59_000, 121_000), G(1, '1', 2, 121_000), J('2', 60_000, 121_500), G(2, '2', 2, 121_500), '$H,1,"1",2,"00:00:59.000"'];
const RUN2 = ['$B,2,"Final"', F('10:10:00'), J('3', 0, 500), G(1, '3', 0, 500), J('1', 0, 900), G(2, '1', 0, 900), J('3', 58_000, 58_500), G(1, '3', 1, 58_500)];

const importedTexts = new Map<string, number[]>();
/** The races `importResultsFile` writes for `text` (imported once per text: the importer refuses a file twice). */
async function imported(text: string): Promise<number[]> {
  if (!importedTexts.has(text)) importedTexts.set(text, (await importResultsFile(db, `t${Math.random()}.txt`, text, { promoterUserId: 1, startDate: '2009-01-27' })).raceIds);
  return importedTexts.get(text)!;
}

async function liveRaces(eventId: number) {
  return db
    .select({ id: races.id, state: races.liveState, key: races.liveRunKey, seq: races.liveSeq, sortOrder: races.sortOrder })
    .from(races)
    .where(eq(races.eventId, eventId))
    .orderBy(asc(races.sortOrder));
}

function pushAll(ingest: LiveIngest, lines: string[]) {
  for (const line of lines) ingest.push(line);
}

async function expectSameAsImport(eventId: number, lines: string[]) {
  const reference = await imported(lines.join('\r\n') + '\r\n');
  const live = await liveRaces(eventId);
  expect(live).toHaveLength(reference.length);
  for (const [i, raceId] of reference.entries()) expect(await dumpRace(db, live[i].id)).toEqual(await dumpRace(db, raceId));
}

/** Each finish-line passing as `car lap total`, in write order. */
async function laps(raceId: number): Promise<string[]> {
  return (await dumpRace(db, raceId)).passings.filter((p) => p.section === null).map((p) => `${p.key} ${p.lapNumber} ${p.totalTimeMs}`);
}

/** Each car's laps, best lap (number), last lap and total time; position. */
async function standings(raceId: number) {
  return (await dumpRace(db, raceId)).entries.map((e) => ({
    key: e.sourceKey,
    position: e.result?.position,
    laps: e.result?.laps,
    bestLapMs: e.result?.bestLapMs,
    bestLapNumber: e.result?.bestLapNumber,
    lastLapMs: e.result?.lastLapMs,
    totalTimeMs: e.result?.totalTimeMs,
  }));
}

const nextTick = () => new Promise((r) => setTimeout(r, 0));

async function waitUntil(cond: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('createLiveIngest', () => {
  it('writes a run as its passings arrive and publishes each write; the next run ends it; finish() ends the last', async () => {
    const eventId = await newEvent();
    const bus = createMemoryBus();
    const heard: BusMessage[] = [];
    bus.subscribe((m) => heard.push(m));
    const log: string[] = [];
    published.length = 0;
    const ingest = ingestOf({ eventId, bus, log: (m) => log.push(m) });

    pushAll(ingest, [...HEADER, ...RUN1_START]);
    await ingest.idle();
    const [race1] = await liveRaces(eventId);
    expect(race1).toMatchObject({ state: 'live', key: '1|Heat 1', sortOrder: 0 });
    expect(log).toContain(`run 1|Heat 1: started, race ${race1.id} created`);
    expect(published.flat()).toEqual(expect.arrayContaining([`race:${race1.id}`, `event:${eventId}`, 'live', 'events']));

    pushAll(ingest, RUN1_LAP1);
    await ingest.idle();
    const [after] = await liveRaces(eventId);
    expect(after.seq).toBeGreaterThan(race1.seq);
    const board = await dumpRace(db, race1.id);
    expect(board.entries.map((e) => [e.sourceKey, e.result?.position, e.result?.laps, e.result?.lastLapMs])).toEqual([
      ['1', 2, 1, 61_000],
      ['2', 1, 1, 60_000],
      ['3', 3, 1, 62_000],
    ]);
    expect(board.passings).toHaveLength(6);
    await nextTick();
    expect(heard.at(-1)).toEqual({ type: 'live', raceId: race1.id, eventId, seq: after.seq, state: 'live' });

    pushAll(ingest, [...RUN1_LAP2, ...RUN2]);
    await ingest.idle();
    let [r1, r2] = await liveRaces(eventId);
    expect([r1.state, r2.state]).toEqual(['finished', 'live']);
    expect(r2).toMatchObject({ key: '2|Final', sortOrder: 1 });
    expect(log).toContain(`run 1|Heat 1: session finished (race ${race1.id})`);
    await nextTick();
    expect(heard).toContainEqual({ type: 'live', raceId: r1.id, eventId, seq: r1.seq, state: 'finished' });

    await ingest.finish();
    [r1, r2] = await liveRaces(eventId);
    expect([r1.state, r2.state]).toEqual(['finished', 'finished']);
    await nextTick();
    expect(heard.at(-1)).toEqual({ type: 'live', raceId: r2.id, eventId, seq: r2.seq, state: 'finished' });
    // Seq numbers of each race only grow.
    for (const id of [r1.id, r2.id]) {
      const seqs = heard.flatMap((m) => (m.type === 'live' && m.raceId === id ? [m.seq] : []));
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      expect(new Set(seqs).size).toBe(seqs.length);
    }
    expect(ingest.stats).toMatchObject({ lines: HEADER.length + RUN1_START.length + RUN1_LAP1.length + RUN1_LAP2.length + RUN2.length, skipped: 0, racesCreated: 2, passings: 11 });
    await expectSameAsImport(eventId, [...HEADER, ...RUN1_START, ...RUN1_LAP1, ...RUN1_LAP2, ...RUN2]);
  });

  it('revalidates per write only the race and the live list; the event and lists when a race starts or ends; the series when a session finishes', async () => {
    const eventId = await newEvent();
    const [{ id: seriesId }] = await db.insert(series).values({ promoterId, name: 'Cup', startDate: '2009-01-01', endDate: '2009-12-31' }).returning({ id: series.id });
    await db.insert(seriesEvents).values({ seriesId, eventId });
    const ingest = ingestOf({ eventId });
    const write = async (lines: string[]) => {
      published.length = 0;
      pushAll(ingest, lines);
      await ingest.idle();
      return [...new Set(published.flat())].sort();
    };
    await ingest.start();

    const created = await write([...HEADER, ...RUN1_START]);
    const [race1] = await liveRaces(eventId);
    expect(created).toEqual([`event:${eventId}`, 'events', 'live', `race:${race1.id}`].sort());

    // Passings and heartbeats of a running session: its race and the live list, nothing else.
    for (const line of RUN1_LAP1) expect(await write([line])).toEqual(['live', `race:${race1.id}`]);

    // Run 1 ends (run 2 starts): the event, the lists, the series' standings.
    const ended = await write([...RUN1_LAP2, ...RUN2]);
    const [, race2] = await liveRaces(eventId);
    expect(ended).toEqual([`event:${eventId}`, 'events', 'live', `race:${race1.id}`, `race:${race2.id}`, `series:${seriesId}`].sort());

    published.length = 0;
    await ingest.finish();
    expect([...new Set(published.flat())].sort()).toEqual([`event:${eventId}`, 'events', 'live', `race:${race2.id}`, `series:${seriesId}`].sort());
  });

  it('ends a session after idleFinishMs without a new passing; a passing later makes it live again', async () => {
    const eventId = await newEvent();
    const log: string[] = [];
    const ingest = ingestOf({ eventId, idleFinishMs: 200, log: (m) => log.push(m) });
    pushAll(ingest, [...HEADER, ...RUN1_START]);
    await ingest.idle();
    // Heartbeats are not passings: the session ends while they come.
    const deadline = Date.now() + 10_000;
    for (let s = 1; (await liveRaces(eventId))[0].state === 'live' && Date.now() < deadline; s++) {
      ingest.push(F(`10:00:${String(s % 60).padStart(2, '0')}`));
      await new Promise((r) => setTimeout(r, 25));
      await ingest.idle();
    }
    expect((await liveRaces(eventId))[0].state).toBe('finished');
    pushAll(ingest, RUN1_LAP1);
    await ingest.idle();
    const [race] = await liveRaces(eventId);
    expect(race.state).toBe('live');
    expect(log).toEqual([
      `run 1|Heat 1: started, race ${race.id} created`,
      'run 1|Heat 1: no passing for 0.2 s, session finished',
      `run 1|Heat 1: session finished (race ${race.id})`,
      `run 1|Heat 1: live again in race ${race.id}`,
    ]);
    await ingest.finish();
  });

  it('ends a session under the finish flag after finishFlagIdleMs without a passing (not the whole idle limit)', async () => {
    const eventId = await newEvent();
    const log: string[] = [];
    const ingest = ingestOf({ eventId, idleFinishMs: 60_000, finishFlagIdleMs: 100, log: (m) => log.push(m) });
    pushAll(ingest, [...HEADER, ...RUN1_START, ...RUN1_LAP1]);
    await ingest.idle();
    await new Promise((r) => setTimeout(r, 200));
    await ingest.idle();
    expect((await liveRaces(eventId))[0].state).toBe('live'); // green flag: the idle limit (60 s)
    pushAll(ingest, RUN1_LAP2); // the finish flag, the leaders home
    // Heartbeats under the finish flag are not passings either: the session ends while they come.
    const deadline = Date.now() + 10_000;
    for (let s = 1; (await liveRaces(eventId))[0].state === 'live' && Date.now() < deadline; s++) {
      ingest.push(F(`10:02:${String(s % 60).padStart(2, '0')}`, 'Finish'));
      await new Promise((r) => setTimeout(r, 30));
      await ingest.idle();
    }
    expect((await liveRaces(eventId))[0].state).toBe('finished');
    expect(log).toContain('run 1|Heat 1: no passing for 0.1 s after the finish flag, session finished');
  });

  it('ends as the importer writes a corrected passing, a driver change after the last passing and late timing-line crossings', async () => {
    const eventId = await newEvent();
    const lines = [
      ...HEADER,
      '$T,"Track","T","1.0",2,"S1","SF","P1",100,"S2","P1","SF",200',
      ...RUN1_START,
      '$L,"3","P1","P1","01/27/2009","10:00:30.000"',
      ...RUN1_LAP1,
      '$COR,"1","11",1,"00:01:01.500","-00:00:00.500"',
      '$L,"9","SF","SF","01/27/2009","10:01:10.000"',
      '$L,"9","P1","P1","01/27/2009","10:01:40.000"',
      ...RUN1_LAP2,
      '$J,"9","00:00:00.000","00:02:05.000"',
      '$A,"2","22",1002,"Bea","Baker","KTM",2',
    ];
    const ingest = ingestOf({ eventId });
    for (const line of lines) {
      ingest.push(line);
      await ingest.idle(); // one write per line: every change goes through the diff
    }
    await ingest.finish();
    expect(ingest.stats.skipped).toBe(0);
    expect(ingest.stats.rewrites).toBeGreaterThanOrEqual(2); // the $COR, car 9's earlier crossings
    await expectSameAsImport(eventId, lines);
  });

  it('skips and logs malformed lines', async () => {
    const eventId = await newEvent();
    const log: string[] = [];
    const ingest = ingestOf({ eventId, log: (m) => log.push(m) });
    pushAll(ingest, [...HEADER, '$G,x,"1",0,"00:00:01.000"', 'noise', ...RUN1_START, '$XYZ,1,2']);
    await ingest.finish();
    expect(ingest.stats).toMatchObject({ skipped: 2, unknownMessages: { XYZ: 1 } });
    expect(log.slice(0, 2)).toEqual([
      `skipped line ${HEADER.length + 1}, field $G.position: not a whole number: "x"`,
      `skipped line ${HEADER.length + 2}, field message: not an RMonitor message: "noise"`,
    ]);
    expect(await liveRaces(eventId)).toHaveLength(1);
  });

  it('writes a rider whose name carries a NUL byte (dropped), and the rest of the feed', async () => {
    const eventId = await newEvent();
    const log: string[] = [];
    const ingest = ingestOf({ eventId, log: (m) => log.push(m) });
    pushAll(ingest, [RESET, ...ROSTER.slice(0, 3), '$A,"2","22",1002,"Bo\u0000b","Bak\u0007er","KTM",2', ROSTER[4], ...RUN1_START, ...RUN1_LAP1]);
    await ingest.finish();
    expect(ingest.stats.failedWrites).toBe(0);
    const [race] = await liveRaces(eventId);
    const { entries: riders } = await dumpRace(db, race.id);
    expect(riders.find((e) => e.sourceKey === '2')).toMatchObject({ firstName: 'Bob', lastName: 'Baker' });
    expect(await laps(race.id)).toHaveLength(6);
  });

  it('quarantines a run the database keeps refusing (logged once, no statement or parameters), and writes the others', async () => {
    await db.execute(sql`create or replace function ll_test_refuse() returns trigger language plpgsql as $$
      begin if new.last_name = 'Boom' then raise exception 'rider refused by the test'; end if; return new; end $$`);
    await db.execute(sql`create trigger ll_test_refuse before insert or update on participants for each row execute function ll_test_refuse()`);
    try {
      const eventId = await newEvent();
      const log: string[] = [];
      const ingest = ingestOf({ eventId, retryMs: 10, log: (m) => log.push(m) });
      // Car 9 (refused) rides run 1 only; run 2 is written all the same.
      pushAll(ingest, [...HEADER, '$A,"9","99",1009,"Bad","Boom","",1', ...RUN1_START, J('9', 0, 2500), ...RUN1_LAP1, ...RUN2]);
      await ingest.idle();
      pushAll(ingest, [J('3', 60_000, 118_500), G(1, '3', 2, 118_500)]);
      await ingest.finish();

      const live = await liveRaces(eventId);
      expect(live.map((r) => r.key)).toEqual(['2|Final']);
      expect(await laps(live[0].id)).toEqual(['3 0 500', '1 0 900', '3 1 58500', '3 2 118500']);
      expect(ingest.stats).toMatchObject({ quarantined: 1, failedWrites: QUARANTINE_AFTER });
      const about = log.filter((m) => m.startsWith('run 1|Heat 1'));
      expect(about).toEqual([
        'run 1|Heat 1: write failed (rider refused by the test [P0001]); retrying',
        `run 1|Heat 1: quarantined after ${QUARANTINE_AFTER} failed writes (rider refused by the test [P0001]); its lines are no longer written`,
      ]);
      expect(log.join('\n')).not.toMatch(/insert|params|Boom|Able/i);
    } finally {
      await db.execute(sql`drop trigger ll_test_refuse on participants`);
      await db.execute(sql`drop function ll_test_refuse()`);
    }
  });

  it('does not stop when preparing a write throws: the run is tried again', async () => {
    const eventId = await newEvent();
    const log: string[] = [];
    const ingest = ingestOf({ eventId, retryMs: 10, log: (m) => log.push(m) });
    boom.toRace = 1;
    pushAll(ingest, [...HEADER, ...RUN1_START]);
    await ingest.idle();
    expect(log[0]).toBe('run 1|Heat 1: write failed (toRace exploded); retrying');
    pushAll(ingest, RUN1_LAP1);
    await ingest.finish();
    expect(ingest.stats.failedWrites).toBe(1);
    await expectSameAsImport(eventId, [...HEADER, ...RUN1_START, ...RUN1_LAP1]);
  });

  it('retries a write the database could not be reached for, with everything pending, and says so once', async () => {
    const eventId = await newEvent();
    let failures = 3;
    const flaky = Object.create(db) as Db;
    flaky.transaction = ((fn: never) => {
      if (failures-- > 0) return Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25432'), { code: 'ECONNREFUSED' }));
      return db.transaction(fn);
    }) as Db['transaction'];
    const log: string[] = [];
    const ingest = ingestOf({ db: flaky, eventId, retryMs: 20, log: (m) => log.push(m) });
    pushAll(ingest, [...HEADER, ...RUN1_START]);
    await ingest.idle();
    expect(log.slice(0, 2)).toEqual([
      'database unreachable (connect ECONNREFUSED 127.0.0.1:25432 [ECONNREFUSED]): writing again every 20 ms, nothing is lost',
      'database reachable again after 3 failed attempt(s)',
    ]);
    expect(ingest.stats.failedWrites).toBe(3);
    pushAll(ingest, RUN1_LAP1);
    await ingest.finish();
    await expectSameAsImport(eventId, [...HEADER, ...RUN1_START, ...RUN1_LAP1]);
  });

  it('writes each live passing in one write (no timing asserted: `npm run bench` measures)', async () => {
    const eventId = await newEvent();
    const ingest = ingestOf({ eventId });
    pushAll(ingest, [...HEADER, ...RUN1_START, ...RUN1_LAP1]);
    await ingest.idle();
    for (let lap = 2; lap < 12; lap++) {
      const writes = ingest.stats.writes;
      const total = 1000 + lap * 60_000;
      pushAll(ingest, [J('1', 60_000, total), G(1, '1', lap, total)]);
      await ingest.idle();
      expect(ingest.stats.writes).toBe(writes + 1);
    }
    await ingest.finish();
  });
});

describe('createLiveIngest: restarts, reconnects, one writer', () => {
  it('is the only writer of its event: a second ingest is refused until the first closes', async () => {
    const eventId = await newEvent();
    const first = ingestOf({ eventId });
    await first.start();
    const log: string[] = [];
    const second = ingestOf({ eventId, log: (m) => log.push(m) });
    await expect(second.start()).rejects.toBeInstanceOf(LiveFeedBusyError);
    expect(log).toEqual([`Another live feed is already writing event ${eventId} (npm run live, or the bench): stop it first`]);
    pushAll(second, [...HEADER, ...RUN1_START]);
    await second.finish();
    expect(await liveRaces(eventId)).toHaveLength(0);

    pushAll(first, [...HEADER, ...RUN1_START]);
    await first.idle();
    expect(await liveRaces(eventId)).toHaveLength(1);
    await first.close();
    const third = ingestOf({ eventId });
    await third.start();
  });

  it('takes its lock again when the lock connection drops; stops writing if another feed took the event meanwhile', async () => {
    const eventId = await newEvent();
    const holderPid = async () =>
      (await db.execute<{ pid: number }>(sql`select pid from pg_locks where locktype = 'advisory' and classid = ${LIVE_LOCK_CLASS} and objid = ${eventId} and granted`)).rows.map((r) => r.pid);
    const log: string[] = [];
    const ingest = ingestOf({ eventId, log: (m) => log.push(m) });
    pushAll(ingest, [...HEADER, ...RUN1_START]);
    await ingest.idle();
    const [pid] = await holderPid();
    expect(pid).toBeGreaterThan(0);

    await db.execute(sql`select pg_terminate_backend(${pid})`);
    await waitUntil(() => log.some((m) => m.startsWith('event lock connection lost')));
    pushAll(ingest, RUN1_LAP1);
    await ingest.idle();
    const [again] = await holderPid();
    expect(again).toBeGreaterThan(0);
    expect(again).not.toBe(pid);
    expect(await laps((await liveRaces(eventId))[0].id)).toHaveLength(6);

    // Lost again, and another feed of the event starts meanwhile (once the lost connection's
    // server process has exited: the 5 s wait): this one stops writing.
    await db.execute(sql`select pg_terminate_backend(${again}, 5000)`);
    await waitUntil(() => log.filter((m) => m.startsWith('event lock connection lost')).length === 2);
    const other = ingestOf({ eventId });
    await other.start();
    pushAll(ingest, RUN1_LAP2);
    await ingest.idle();
    expect(log).toContain(`another feed took event ${eventId} while this one was disconnected: this one stops writing`);
    expect(await laps((await liveRaces(eventId))[0].id)).toHaveLength(6);
  });

  it("takes its lock again when its lost connection's server process still holds it (not yet exited)", async () => {
    const eventId = await newEvent();
    const pool = (db as unknown as { $client: import('pg').Pool }).$client;
    const clients = new Map<number, import('pg').PoolClient>();
    const onAcquire = (c: import('pg').PoolClient) => void clients.set((c as unknown as { processID: number }).processID, c);
    pool.on('acquire', onAcquire);
    const log: string[] = [];
    const ingest = ingestOf({ eventId, log: (m) => log.push(m) });
    try {
      pushAll(ingest, [...HEADER, ...RUN1_START]);
      await ingest.idle();
      const [{ pid }] = (await db.execute<{ pid: number }>(sql`select pid from pg_locks where locktype = 'advisory' and classid = ${LIVE_LOCK_CLASS} and objid = ${eventId} and granted`)).rows;
      const client = clients.get(pid)!;
      expect(client).toBeDefined();
      // The server process is paused (it cannot exit, so it keeps the lock) and the feed's side
      // of the connection is cut: the feed sees its connection lost while the lock is still held.
      process.kill(pid, 'SIGSTOP');
      try {
        (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
        await waitUntil(() => log.some((m) => m.startsWith('event lock connection lost')));
      } finally {
        setTimeout(() => process.kill(pid, 'SIGCONT'), 300).unref();
      }
      pushAll(ingest, RUN1_LAP1);
      await ingest.idle();
      expect(log.filter((m) => m.startsWith('another feed took'))).toEqual([]);
      expect(await laps((await liveRaces(eventId))[0].id)).toHaveLength(6);
      const holders = (await db.execute<{ pid: number }>(sql`select pid from pg_locks where locktype = 'advisory' and classid = ${LIVE_LOCK_CLASS} and objid = ${eventId} and granted`)).rows;
      expect(holders).toHaveLength(1);
      expect(holders[0].pid).not.toBe(pid);
    } finally {
      pool.off('acquire', onAcquire);
    }
  });

  it('finishes at start the races a killed feed left live; a run that claims one reopens it', async () => {
    const eventId = await newEvent();
    const first = ingestOf({ eventId });
    pushAll(first, [...HEADER, ...RUN1_START, ...RUN1_LAP1]);
    await first.idle();
    await first.close(); // killed: no finish()
    const [left] = await liveRaces(eventId);
    expect(left.state).toBe('live');

    const bus = createMemoryBus();
    const heard: BusMessage[] = [];
    bus.subscribe((m) => heard.push(m));
    const log: string[] = [];
    published.length = 0;
    const second = ingestOf({ eventId, bus, log: (m) => log.push(m) });
    await second.start();
    const [closed] = await liveRaces(eventId);
    expect(closed).toMatchObject({ id: left.id, state: 'finished', seq: left.seq + 1 });
    await nextTick();
    expect(heard).toEqual([{ type: 'live', raceId: left.id, eventId, seq: left.seq + 1, state: 'finished' }]);
    expect(published.flat()).toEqual(expect.arrayContaining([`race:${left.id}`, `event:${eventId}`, 'live']));
    expect(log).toEqual([`race(s) ${left.id} left live by an earlier feed: marked finished`]);
    expect(second.stats.racesClosedAtStart).toBe(1);

    pushAll(second, [...HEADER, ...RUN1_START, ...RUN1_LAP1, ...RUN1_LAP2]);
    await second.idle();
    const [reopened] = await liveRaces(eventId);
    expect(reopened).toMatchObject({ id: left.id, state: 'live' });
    await second.finish();
    await expectSameAsImport(eventId, [...HEADER, ...RUN1_START, ...RUN1_LAP1, ...RUN1_LAP2]);
  });

  it('continues its race after a restart with the history resent: nothing changes, nothing doubles', async () => {
    const eventId = await newEvent();
    const first = ingestOf({ eventId });
    pushAll(first, [...HEADER, ...RUN1_START, ...RUN1_LAP1]);
    await first.idle();
    await first.close();
    const [race] = await liveRaces(eventId);
    const before = await dumpRace(db, race.id);
    const people = (await db.select({ n: count() }).from(participants))[0].n;

    const second = ingestOf({ eventId });
    pushAll(second, [...HEADER, ...RUN1_START, ...RUN1_LAP1]);
    await second.idle();
    expect(await liveRaces(eventId)).toHaveLength(1);
    expect(await dumpRace(db, race.id)).toEqual(before);
    expect((await db.select({ n: count() }).from(participants))[0].n).toBe(people);
    pushAll(second, RUN1_LAP2);
    await second.finish();
    await expectSameAsImport(eventId, [...HEADER, ...RUN1_START, ...RUN1_LAP1, ...RUN1_LAP2]);
  });

  it('continues its race after a restart without the history: laps numbered on, corrections matched by lap, nothing doubled', async () => {
    const eventId = await newEvent();
    const first = ingestOf({ eventId });
    pushAll(first, [...HEADER, ...RUN1_START, ...RUN1_LAP1]);
    await first.idle();
    await first.close();
    const [race] = await liveRaces(eventId);

    // The timing system sends only what happens from now on.
    const second = ingestOf({ eventId });
    const corrections = [
      '$COR,"1","11",2,"00:02:01.100","+00:00:00.100"', // lap 2 of car 1: a passing this feed saw
      '$COR,"2","22",1,"00:01:01.600","+00:00:00.100"', // lap 1 of car 2: only the earlier feed saw it
    ];
    pushAll(second, [...HEADER, '$B,1,"Heat 1"', ...RUN1_LAP2]);
    await second.idle();
    expect(await laps(race.id)).toEqual(['1 0 1000', '2 0 1500', '3 0 2000', '2 1 61500', '1 1 62000', '3 1 64000', '1 2 121000', '2 2 121500']);
    for (const line of corrections) {
      second.push(line);
      await second.idle();
    }
    await second.finish();
    expect(await liveRaces(eventId)).toEqual([expect.objectContaining({ id: race.id, state: 'finished' })]);
    expect(second.stats.updatedPassings).toBe(3); // car 1 lap 2; car 2 lap 1 and the lap time of its lap 2

    // The same laps, times and standings as the whole stream imported in one file.
    const [reference] = await imported([...HEADER, ...RUN1_START, ...RUN1_LAP1, ...RUN1_LAP2, ...corrections].join('\r\n'));
    expect((await dumpRace(db, race.id)).passings).toEqual((await dumpRace(db, reference)).passings);
    const want = await standings(reference);
    const got = await standings(race.id);
    expect(got.filter((s) => s.key !== '3')).toEqual(want.filter((s) => s.key !== '3')); // car 3 never came by again
  });

  it('continues its race when the timing system starts each connection with a `$I` (its current picture, or its history)', async () => {
    const eventId = await newEvent();
    const log: string[] = [];
    const ingest = ingestOf({ eventId, log: (m) => log.push(m) });
    pushAll(ingest, [...HEADER, ...RUN1_START, ...RUN1_LAP1]);
    await ingest.idle();
    const [race] = await liveRaces(eventId);

    // Reconnected: a reset of its own, the roster, the run, then only the new passings.
    pushAll(ingest, ['$I,"10:01:30","27 Jan 09"', ...ROSTER, '$B,1,"Heat 1"', G(1, '2', 1, 61_500), G(2, '1', 1, 62_000), G(3, '3', 1, 64_000), ...RUN1_LAP2]);
    await ingest.idle();
    expect(await liveRaces(eventId)).toEqual([expect.objectContaining({ id: race.id, state: 'live' })]);
    expect(log).toContain(`run 1|Heat 1: started over by the timing system, continues race ${race.id}`);
    expect(await laps(race.id)).toEqual(['1 0 1000', '2 0 1500', '3 0 2000', '2 1 61500', '1 1 62000', '3 1 64000', '1 2 121000', '2 2 121500']);

    // Reconnected again: a reset, then the whole history of the session.
    pushAll(ingest, ['$I,"10:02:30","27 Jan 09"', ...ROSTER, ...RUN1_START, ...RUN1_LAP1, ...RUN1_LAP2]);
    await ingest.finish();
    expect(await liveRaces(eventId)).toEqual([expect.objectContaining({ id: race.id, state: 'finished' })]);
    await expectSameAsImport(eventId, [...HEADER, ...RUN1_START, ...RUN1_LAP1, ...RUN1_LAP2]);
  });

  it('does not continue a finished race of the same run older than the idle window (another day)', async () => {
    const eventId = await newEvent();
    const day1 = ingestOf({ eventId });
    pushAll(day1, [...HEADER, ...RUN1_START, ...RUN1_LAP1, ...RUN1_LAP2]);
    await day1.finish();
    await day1.close();
    const [yesterday] = await liveRaces(eventId);
    await db.update(races).set({ liveUpdatedAt: sql`now() - interval '1 day'` }).where(eq(races.id, yesterday.id));
    const before = await dumpRace(db, yesterday.id);

    const day2 = ingestOf({ eventId });
    pushAll(day2, ['$I,"09:00:00","28 Jan 09"', ...ROSTER, ...RUN1_START, ...RUN1_LAP1]);
    await day2.finish();
    const all = await liveRaces(eventId);
    expect(all.map((r) => [r.key, r.state])).toEqual([
      ['1|Heat 1', 'finished'],
      ['1|Heat 1', 'finished'],
    ]);
    expect(await dumpRace(db, yesterday.id)).toEqual(before);
    expect(await laps(all[1].id)).toHaveLength(6);
    // Within the window the same run continues (a restart): see the tests above.
  });
});

describe('isLiveStale', () => {
  it('reads a live race not changed for LIVE_STALE_MS as finished', () => {
    const now = Date.parse('2026-05-01T12:00:00Z');
    expect(isLiveStale(new Date(now - 1000), now)).toBe(false);
    expect(isLiveStale(new Date(now - LIVE_STALE_MS), now)).toBe(true);
    expect(isLiveStale(new Date(now - LIVE_STALE_MS - 1).toISOString(), now)).toBe(true);
    expect(isLiveStale(null, now)).toBe(true);
  });
});
