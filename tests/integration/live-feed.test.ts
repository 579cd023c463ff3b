/**
 * The live feed end to end on a real PostgreSQL and real TCP (issue 10 "Tests"): the replay tool
 * serves a real capture, the feed client reads it, the ingest writes it; the database ends with
 * the same results as importing the file; a dropped connection reconnects and loses or doubles
 * no passing — against the replay tool (which resends its history), a timing system that sends
 * only its current picture, one that starts each connection with a `$I`, and after the feed
 * process itself was killed and restarted; one feed per event; two site instances (two
 * LISTEN/NOTIFY buses) both hear the change; a garbage line is skipped and logged.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTagPublisher } from '../../lib/server/cache/tags';
import { getDb, type Db } from '../../lib/server/db';
import { events, promoters, races, series, seriesEvents } from '../../lib/server/db/schema';
import { importResultsFile } from '../../lib/server/import';
import { busReady, createPgBus, type Bus, type BusMessage } from '../../lib/server/timing/live/bus';
import { runLiveFeed, type LiveFeed } from '../../lib/server/timing/live/feed';
import { LiveFeedBusyError } from '../../lib/server/timing/live/ingest';
import { startReplay } from '../../lib/server/timing/live/replay';
import { dumpRace } from '../../lib/server/timing/live/test-helpers';
import { useTestDatabase, type TestDatabase } from './setup';

const ORBITS = 'orbits-mock-session.txt';
const LITES = '2009-sebring-alms-session-4-lites.txt';
const capture = (name: string) => fs.readFileSync(path.resolve('data/real/rmonitor', name), 'utf8');

let testDb: TestDatabase;
let db: Db;
let promoterId: number;
/** Race ids written by `importResultsFile` of each capture (the reference). */
const imported = new Map<string, number[]>();

beforeAll(async () => {
  testDb = await useTestDatabase('empty');
  db = getDb();
  [{ id: promoterId }] = await db.select({ id: promoters.id }).from(promoters).where(eq(promoters.userId, 1));
  for (const name of [ORBITS, LITES]) {
    const summary = await importResultsFile(db, name, capture(name), { promoterUserId: 1, startDate: '2009-01-27' });
    imported.set(name, summary.raceIds);
  }
});
afterAll(async () => {
  setTagPublisher(null);
  await testDb?.drop();
});

/** Waits until `cond()` holds (or `ms` passed). */
async function waitFor(cond: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!cond() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
}

async function newEvent(name: string): Promise<number> {
  const [row] = await db.insert(events).values({ promoterId, name, startDate: '2009-01-27' }).returning({ id: events.id });
  return row.id;
}

async function liveRaces(eventId: number) {
  return db
    .select({ id: races.id, state: races.liveState, key: races.liveRunKey, seq: races.liveSeq })
    .from(races)
    .where(and(eq(races.eventId, eventId), isNotNull(races.liveRunKey)))
    .orderBy(asc(races.sortOrder));
}

/** Every live race of `eventId` equals, row for row, the imported race of `name`. */
async function expectSameAsImport(eventId: number, name: string) {
  const live = await liveRaces(eventId);
  const reference = imported.get(name)!;
  expect(live.length).toBe(reference.length);
  for (const [i, raceId] of reference.entries()) {
    const want = await dumpRace(db, raceId);
    const got = await dumpRace(db, live[i].id);
    expect(got.passings.length).toBe(want.passings.length);
    expect(got).toEqual(want);
    expect(live[i].state).toBe('finished');
  }
}

interface Run {
  eventId: number;
  log: string[];
  states: string[];
}

/** Replays `text` at full speed into a new event through the feed; `during` may act on the replay. */
async function replayIntoEvent(text: string, opts: { bus?: Bus; onSend?: (i: number, drop: () => void) => void } = {}): Promise<Run> {
  const eventId = await newEvent('Live');
  const log: string[] = [];
  const states: string[] = [];
  let drop = () => {};
  const replay = await startReplay({ text, speed: 0, startOnConnect: true, onSend: opts.onSend && ((i) => opts.onSend!(i, drop)) });
  drop = () => replay.dropConnections();
  const feed = runLiveFeed({ db, eventId, host: '127.0.0.1', port: replay.port, bus: opts.bus, log: (m) => log.push(m), initialBackoffMs: 20, maxBackoffMs: 100, onState: (s) => states.push(s) });
  try {
    await replay.finished;
    // Wait for the client to have every line (a dropped client reconnects and catches up).
    await waitFor(() => feed.ingest.stats.lines >= replay.lines);
    await feed.ingest.idle();
  } finally {
    await feed.stop();
    await replay.close();
  }
  return { eventId, log, states };
}

describe('live feed: replay → client → ingest → database', () => {
  it('writes the same results as importing the file (orbits mock session)', async () => {
    const { eventId, log } = await replayIntoEvent(capture(ORBITS));
    await expectSameAsImport(eventId, ORBITS);
    expect(log.some((m) => /race \d+ created/.test(m))).toBe(true);
    expect(log.some((m) => /session finished/.test(m))).toBe(true);
  });

  it('writes the same results as importing the file (Sebring ALMS Lites, 23,000 lines)', async () => {
    const { eventId } = await replayIntoEvent(capture(LITES));
    await expectSameAsImport(eventId, LITES);
  });

  it('reconnects after dropped connections and loses or doubles no passing', async () => {
    const text = capture(LITES);
    const lines = text.split(/\r?\n/);
    const afterReset = lines.findLastIndex((l) => l.startsWith('$I')) + 3;
    const dropAt = new Set([Math.floor(lines.length * 0.4), afterReset]);
    const { eventId, log, states } = await replayIntoEvent(text, { onSend: (i, drop) => dropAt.has(i) && drop() });
    expect(states.filter((s) => s === 'connected').length).toBe(3);
    expect(log.filter((m) => m.startsWith('reconnected')).length).toBe(2);
    await expectSameAsImport(eventId, LITES);
  });

  it('skips and logs a garbage line and writes the rest', async () => {
    const lines = capture(ORBITS).split('\n');
    const at = lines.findIndex((l, i) => i > 200 && l.startsWith('$J'));
    lines.splice(at, 0, 'garbage from a noisy line\r', '$J,"1","00:00:bad","00:01:00.000"\r');
    const { eventId, log } = await replayIntoEvent(lines.join('\n'));
    expect(log).toContain(`skipped line ${at + 1}, field message: not an RMonitor message: "garbage from a noisy line"`);
    expect(log.some((m) => m.startsWith(`skipped line ${at + 2}, field $J.lapTime`))).toBe(true);
    await expectSameAsImport(eventId, ORBITS);
  });
});

/**
 * A timing system as a TCP server that sends connection i the lines of `scripts[i]` (CRLF) and
 * keeps it open; `drop()` closes the connections.
 */
async function scriptedServer(scripts: string[][]) {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    socket.on('error', () => {});
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    const lines = scripts[connections++] ?? [];
    socket.write(lines.map((l) => `${l}\r\n`).join(''));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const drop = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => connections,
    drop,
    close() {
      drop();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The orbits capture cut at a passing halfway through its race: the lines before, and what a
 * timing system that does not resend its history sends a client that connects then — the roster,
 * the run, each car's latest `$G` and `$H` and the last `$F` (its current picture) — then the
 * lines after.
 */
function orbitsCut() {
  const lines = capture(ORBITS).replace(/\r/g, '').split('\n').filter((l) => l !== '');
  const passings = lines.flatMap((l, i) => (l.startsWith('$J') ? [i] : []));
  const cut = passings[Math.floor(passings.length / 2)];
  const before = lines.slice(0, cut);
  const runStart = before.findLastIndex((l) => l.startsWith('$B'));
  const latest = (tag: string) => {
    const byCar = new Map<string, string>();
    for (const l of before.slice(runStart)) if (l.startsWith(tag)) byCar.set(l.split(',')[2], l);
    return [...byCar.values()].sort((a, b) => Number(a.split(',')[1]) - Number(b.split(',')[1]));
  };
  const roster = before.filter((l) => /^\$(A|COMP|C|E),/.test(l));
  const picture = [...roster, before[runStart], before.findLast((l) => l.startsWith('$F'))!, ...latest('$G'), ...latest('$H')];
  return { lines, before, picture, after: lines.slice(cut) };
}

/** Starts a feed of `eventId` from `port`, logging into `log`. */
function feedOf(eventId: number, port: number, log: string[] = []): LiveFeed {
  return runLiveFeed({ db, eventId, host: '127.0.0.1', port, log: (m) => log.push(m), initialBackoffMs: 20, maxBackoffMs: 100 });
}

/** Waits until `feed` received `n` lines and wrote them. */
async function received(feed: LiveFeed, n: number) {
  await waitFor(() => feed.ingest.stats.lines >= n);
  expect(feed.ingest.stats.lines).toBeGreaterThanOrEqual(n);
  await feed.ingest.idle();
}

/** Finish-line passings of a race as `car lap total`, in write order. */
async function laps(raceId: number) {
  return (await dumpRace(db, raceId)).passings.filter((p) => p.section === null).map((p) => `${p.key} ${p.lapNumber} ${p.totalTimeMs}`);
}

describe('live feed: timing systems that do not resend their history', () => {
  it('reconnects to a server that sends only its current picture: the same results as importing the file', async () => {
    const { before, picture, after } = orbitsCut();
    const server = await scriptedServer([before, [...picture, ...after]]);
    const eventId = await newEvent('Live picture');
    const log: string[] = [];
    const feed = feedOf(eventId, server.port, log);
    try {
      await received(feed, before.length);
      server.drop();
      await received(feed, before.length + picture.length + after.length);
    } finally {
      await feed.stop();
      await server.close();
    }
    expect(server.connections()).toBe(2);
    expect(log.filter((m) => m.startsWith('reconnected'))).toHaveLength(1);
    await expectSameAsImport(eventId, ORBITS);
  });

  it('reconnects to a server that starts each connection with a `$I`: one race, its laps numbered on, nothing doubled', async () => {
    const { before, picture, after } = orbitsCut();
    const server = await scriptedServer([
      ['$I,"23:20:00","27 Jan 09"', ...before],
      ['$I,"23:23:00","27 Jan 09"', ...picture, ...after],
    ]);
    const eventId = await newEvent('Live reset');
    const log: string[] = [];
    const feed = feedOf(eventId, server.port, log);
    try {
      await received(feed, before.length + 1);
      server.drop();
      await received(feed, before.length + picture.length + after.length + 2);
    } finally {
      await feed.stop();
      await server.close();
    }
    const live = await liveRaces(eventId);
    expect(live).toHaveLength(1);
    expect(log).toContain(`run 25|Test Race: started over by the timing system, continues race ${live[0].id}`);
    const [reference] = imported.get(ORBITS)!;
    expect(await laps(live[0].id)).toEqual(await laps(reference));
    await expectSameAsImport(eventId, ORBITS);
  });

  it('restarted after being killed, against a server that sends only what comes next: the same race, laps numbered on', async () => {
    const { before, picture, after } = orbitsCut();
    const server = await scriptedServer([before, [...picture, ...after]]);
    const eventId = await newEvent('Live restart');
    const first = feedOf(eventId, server.port);
    await received(first, before.length);
    await first.ingest.close(); // killed: nothing finished, the lock gone with the process
    await first.stop();
    const [left] = await liveRaces(eventId);
    expect(left.state).toBe('live');

    const log: string[] = [];
    const second = feedOf(eventId, server.port, log);
    try {
      await second.ready;
      await received(second, picture.length + after.length);
    } finally {
      await second.stop();
      await server.close();
    }
    expect(log).toContain(`race(s) ${left.id} left live by an earlier feed: marked finished`);
    const live = await liveRaces(eventId);
    expect(live.map((r) => r.id)).toEqual([left.id]);
    const [reference] = imported.get(ORBITS)!;
    expect(await laps(left.id)).toEqual(await laps(reference));
    await expectSameAsImport(eventId, ORBITS);
  });

  it('runs one feed per event: a second one is refused before it connects', async () => {
    const server = await scriptedServer([['$B,1,"Heat"'], ['$B,1,"Heat"']]);
    const eventId = await newEvent('Live busy');
    const first = feedOf(eventId, server.port);
    await first.ready;
    const second = feedOf(eventId, server.port);
    try {
      await expect(second.ready).rejects.toBeInstanceOf(LiveFeedBusyError);
      await received(first, 1);
      expect(server.connections()).toBe(1);
    } finally {
      await second.stop();
      await first.stop();
      await server.close();
    }
  });
});

describe('live feed: every instance hears a change', () => {
  it('publishes the live change and the stale tags to two LISTEN/NOTIFY buses', async () => {
    const eventId = await newEvent('Live series');
    const [{ id: seriesId }] = await db.insert(series).values({ promoterId, name: 'Cup', startDate: '2009-01-01', endDate: '2009-12-31' }).returning({ id: series.id });
    await db.insert(seriesEvents).values({ seriesId, eventId });
    const writer = createPgBus(testDb.url);
    const instances = [createPgBus(testDb.url), createPgBus(testDb.url)];
    const heard: BusMessage[][] = [[], []];
    instances.forEach((bus, i) => bus.subscribe((m) => heard[i].push(m)));
    await Promise.all(instances.map((bus) => busReady(bus)));
    setTagPublisher((t) => writer.publish({ type: 'tags', tags: t }));
    try {
      const replay = await startReplay({ text: capture(ORBITS), speed: 0, startOnConnect: true });
      const feed = runLiveFeed({ db, eventId, host: '127.0.0.1', port: replay.port, bus: writer, log: () => {} });
      await replay.finished;
      await waitFor(() => feed.ingest.stats.lines >= replay.lines);
      await feed.ingest.idle();
      await feed.stop();
      await replay.close();
      const [race] = await liveRaces(eventId);
      const tagsWanted = [`race:${race.id}`, `event:${eventId}`, 'live', `series:${seriesId}`];
      // Tags arrive over several messages (a passing touches the race and the live list; the start
      // and the end of a session the event; the end the series).
      const done = (m: BusMessage[]) =>
        m.some((x) => x.type === 'live' && x.raceId === race.id && x.state === 'finished' && x.seq === race.seq) &&
        tagsWanted.every((t) => m.some((x) => x.type === 'tags' && x.tags.includes(t)));
      await waitFor(() => heard.every(done), 5000);
      for (const m of heard) {
        expect(m.some((x) => x.type === 'live' && x.raceId === race.id && x.eventId === eventId && x.state === 'live')).toBe(true);
        expect(done(m)).toBe(true);
      }
    } finally {
      setTagPublisher(null);
      await Promise.all([writer.close(), ...instances.map((bus) => bus.close())]);
    }
  });
});
