/**
 * The live writer on a real database (lines pushed by hand, no TCP): a run becomes a race that
 * is written as passings arrive and published after each write; a run's session ends when the
 * next run starts, on finish() or when idle; corrections, driver changes and late timing-line
 * crossings end as the importer writes them; a restarted feed continues its races; a failed
 * write is retried.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase, type TestDatabase } from '../../../../tests/integration/setup';
import { setTagPublisher } from '../../cache/tags';
import { getDb, type Db } from '../../db';
import { events, passings, participants, promoters, races } from '../../db/schema';
import { importResultsFile } from '../../import';
import { createMemoryBus, type BusMessage } from './bus';
import { createLiveIngest, type LiveIngest } from './ingest';
import { dumpRace } from './test-helpers';

let testDb: TestDatabase;
let db: Db;
let promoterId: number;
const published: string[][] = [];

beforeAll(async () => {
  testDb = await useTestDatabase('empty');
  db = getDb();
  [{ id: promoterId }] = await db.select({ id: promoters.id }).from(promoters).where(eq(promoters.userId, 1));
  setTagPublisher(async (t) => void published.push(t));
});
afterAll(async () => {
  setTagPublisher(null);
  await testDb?.drop();
});

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
const HEADER = ['$I,"10:00:00","27 Jan 09"', '$C,1,"Pro"', '$C,2,"Junior"', '$A,"1","11",1001,"Ann","Able","CAN",1', '$A,"2","22",1002,"Bob","Baker","KTM",2', '$A,"3","33",1003,"Cid","Cole","",1'];
const RUN1_START = ['$B,1,"Heat 1"', F('10:00:00'), J('1', 0, 1000), G(1, '1', 0, 1000), J('2', 0, 1500), G(2, '2', 0, 1500), J('3', 0, 2000), G(3, '3', 0, 2000)];
const RUN1_LAP1 = [F('10:01:00'), J('2', 60_000, 61_500), G(1, '2', 1, 61_500), J('1', 61_000, 62_000), G(2, '1', 1, 62_000), J('3', 62_000, 64_000), G(3, '3', 1, 64_000)];
const RUN1_LAP2 = [F('10:02:00', 'Finish'), J('1', 59_000, 121_000), G(1, '1', 2, 121_000), J('2', 60_000, 121_500), G(2, '2', 2, 121_500), '$H,1,"1",2,"00:00:59.000"'];
const RUN2 = ['$B,2,"Final"', F('10:10:00'), J('3', 0, 500), G(1, '3', 0, 500), J('1', 0, 900), G(2, '1', 0, 900), J('3', 58_000, 58_500), G(1, '3', 1, 58_500)];

async function imported(text: string): Promise<number[]> {
  return (await importResultsFile(db, `t${Math.random()}.txt`, text, { promoterUserId: 1, startDate: '2009-01-27' })).raceIds;
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

describe('createLiveIngest', () => {
  it('writes a run as its passings arrive and publishes each write; the next run ends it; finish() ends the last', async () => {
    const eventId = await newEvent();
    const bus = createMemoryBus();
    const heard: BusMessage[] = [];
    bus.subscribe((m) => heard.push(m));
    const log: string[] = [];
    published.length = 0;
    const ingest = createLiveIngest({ db, eventId, bus, log: (m) => log.push(m) });

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
    await new Promise((r) => setTimeout(r, 0));
    expect(heard.at(-1)).toEqual({ type: 'live', raceId: race1.id, eventId, seq: after.seq, state: 'live' });

    pushAll(ingest, [...RUN1_LAP2, ...RUN2]);
    await ingest.idle();
    let [r1, r2] = await liveRaces(eventId);
    expect([r1.state, r2.state]).toEqual(['finished', 'live']);
    expect(r2).toMatchObject({ key: '2|Final', sortOrder: 1 });
    expect(log).toContain(`run 1|Heat 1: session finished (race ${race1.id})`);
    await new Promise((r) => setTimeout(r, 0));
    expect(heard).toContainEqual({ type: 'live', raceId: r1.id, eventId, seq: r1.seq, state: 'finished' });

    await ingest.finish();
    [r1, r2] = await liveRaces(eventId);
    expect([r1.state, r2.state]).toEqual(['finished', 'finished']);
    await new Promise((r) => setTimeout(r, 0));
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

  it('ends a session after idleFinishMs without a new passing; a passing later makes it live again', async () => {
    const eventId = await newEvent();
    const log: string[] = [];
    const ingest = createLiveIngest({ db, eventId, idleFinishMs: 60, log: (m) => log.push(m) });
    pushAll(ingest, [...HEADER, ...RUN1_START]);
    await ingest.idle();
    expect((await liveRaces(eventId))[0].state).toBe('live');
    // Heartbeats are not passings.
    for (let i = 0; i < 4; i++) {
      ingest.push(F(`10:00:0${i + 1}`));
      await new Promise((r) => setTimeout(r, 25));
    }
    await new Promise((r) => setTimeout(r, 80));
    await ingest.idle();
    expect((await liveRaces(eventId))[0].state).toBe('finished');
    pushAll(ingest, RUN1_LAP1);
    await ingest.idle();
    const [race] = await liveRaces(eventId);
    expect(race.state).toBe('live');
    expect(log).toEqual([
      `run 1|Heat 1: started, race ${race.id} created`,
      'run 1|Heat 1: no passing for 0.06 s, session finished',
      `run 1|Heat 1: session finished (race ${race.id})`,
      `run 1|Heat 1: live again in race ${race.id}`,
    ]);
    await ingest.finish();
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
    const ingest = createLiveIngest({ db, eventId, log: () => {} });
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
    const ingest = createLiveIngest({ db, eventId, log: (m) => log.push(m) });
    pushAll(ingest, [...HEADER, '$G,x,"1",0,"00:00:01.000"', 'noise', ...RUN1_START, '$XYZ,1,2']);
    await ingest.finish();
    expect(ingest.stats).toMatchObject({ skipped: 2, unknownMessages: { XYZ: 1 } });
    expect(log.slice(0, 2)).toEqual([
      `skipped line ${HEADER.length + 1}, field $G.position: not a whole number: "x"`,
      `skipped line ${HEADER.length + 2}, field message: not an RMonitor message: "noise"`,
    ]);
    expect(await liveRaces(eventId)).toHaveLength(1);
  });

  it('continues its races after a restart: the same lines again change nothing, new ones are added', async () => {
    const eventId = await newEvent();
    const first = createLiveIngest({ db, eventId, log: () => {} });
    pushAll(first, [...HEADER, ...RUN1_START, ...RUN1_LAP1]);
    await first.idle(); // the process dies here: no finish()
    const [race] = await liveRaces(eventId);
    const before = await dumpRace(db, race.id);
    const people = (await db.select({ n: count() }).from(participants))[0].n;

    // A feed that replays its history: the same race, nothing doubled.
    const second = createLiveIngest({ db, eventId, log: () => {} });
    pushAll(second, [...HEADER, ...RUN1_START, ...RUN1_LAP1]);
    await second.idle();
    expect(await liveRaces(eventId)).toHaveLength(1);
    expect(await dumpRace(db, race.id)).toEqual(before);
    expect((await db.select({ n: count() }).from(participants))[0].n).toBe(people);

    // A feed that only sends what is new: the earlier passings stay, the new ones are added.
    const third = createLiveIngest({ db, eventId, log: () => {} });
    pushAll(third, [...HEADER, '$B,1,"Heat 1"', ...RUN1_LAP2]);
    await third.finish();
    const [after] = await liveRaces(eventId);
    expect(after).toMatchObject({ id: race.id, state: 'finished' });
    expect(after.seq).toBeGreaterThan(race.seq);
    const n = (await db.select({ n: count() }).from(passings).where(and(eq(passings.raceId, race.id))))[0].n;
    expect(n).toBe(before.passings.length + 2);
  });

  it('retries a write the database refused, with everything pending', async () => {
    const eventId = await newEvent();
    let failures = 1;
    const flaky = Object.create(db) as Db;
    flaky.transaction = ((fn: never) => {
      if (failures-- > 0) return Promise.reject(new Error('connection terminated'));
      return db.transaction(fn);
    }) as Db['transaction'];
    const log: string[] = [];
    const ingest = createLiveIngest({ db: flaky, eventId, retryMs: 20, log: (m) => log.push(m) });
    pushAll(ingest, [...HEADER, ...RUN1_START]);
    await ingest.idle();
    expect(log[0]).toBe('write failed (retry in 20 ms): connection terminated');
    expect(ingest.stats.failedWrites).toBe(1);
    pushAll(ingest, RUN1_LAP1);
    await ingest.finish();
    await expectSameAsImport(eventId, [...HEADER, ...RUN1_START, ...RUN1_LAP1]);
  });

  it('writes one live passing in one small transaction', async () => {
    const eventId = await newEvent();
    const ingest = createLiveIngest({ db, eventId, log: () => {} });
    pushAll(ingest, [...HEADER, ...RUN1_START, ...RUN1_LAP1]);
    await ingest.idle();
    const times: number[] = [];
    for (let lap = 2; lap < 12; lap++) {
      const total = 1000 + lap * 60_000;
      pushAll(ingest, [J('1', 60_000, total), G(1, '1', lap, total)]);
      await ingest.idle();
      times.push(ingest.stats.lastWriteMs!);
    }
    await ingest.finish();
    times.sort((a, b) => a - b);
    console.log(`one-passing write: median ${times[5].toFixed(1)} ms, max ${times[9].toFixed(1)} ms`);
    expect(times[5]).toBeLessThan(50);
  });
});
