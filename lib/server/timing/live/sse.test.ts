/**
 * The SSE hub on a memory bus with a fake board reader: fan-out, coalescing, Last-Event-ID, end,
 * clock-only changes as small `clock` events, stale races ended on the heartbeat, reads given up
 * after a timeout, and a resync of every board.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { liveClock, type LiveBoard } from '../../../contracts/live';
import { createMemoryBus, type Bus } from './bus';
import { LIVE_STALE_MS } from './ingest';
import { createLiveHub, type LiveHub, type SseFrame } from './sse';

/** A recent change: the boards below are not stale. */
const UPDATED = new Date().toISOString();

function board(raceId: number, seq: number, state: LiveBoard['state'] = 'live'): LiveBoard {
  return {
    raceId,
    eventId: 1,
    raceName: 'Main',
    eventName: 'Test',
    state,
    seq,
    clock: null,
    rows: [{ entryId: 1, position: 1, number: '7', name: 'A B', className: null, laps: seq, lastLapMs: 60_000, bestLapMs: 59_000, gapMs: null, gapLaps: 0, diffMs: null, change: 0 }],
    updatedAt: UPDATED,
  };
}

/** A reader whose answers the test releases by hand, counting reads. */
function controlledReader(initial: LiveBoard | null) {
  let current = initial;
  const pending: (() => void)[] = [];
  let reads = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  return {
    set(next: LiveBoard | null) {
      current = next;
    },
    get reads() {
      return reads;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    /** Lets every read under way answer (with the board current at that time). */
    release() {
      for (const fn of pending.splice(0)) fn();
    },
    read: (_raceId: number) =>
      new Promise<LiveBoard | null>((resolve) => {
        reads++;
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        pending.push(() => {
          inFlight--;
          resolve(current);
        });
      }),
  };
}

/** A viewer collecting the frames it receives. */
function viewer() {
  const frames: string[] = [];
  let ended = false;
  return {
    frames,
    get ended() {
      return ended;
    },
    send: (f: SseFrame) => {
      expect(new TextDecoder().decode(f.bytes)).toBe(f.text);
      frames.push(f.text);
    },
    onEnd: () => {
      ended = true;
    },
    events: () => frames.filter((f) => !f.startsWith('retry') && !f.startsWith(':')),
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Waits until `ok()` (polled every 5 ms, at most 3 s: a loaded machine delays timers). */
async function until(ok: () => boolean) {
  for (let waited = 0; waited < 3000 && !ok(); waited += 5) await new Promise((resolve) => setTimeout(resolve, 5));
}

let bus: Bus;
let hub: LiveHub | undefined;
afterEach(async () => {
  hub?.close();
  await bus?.close();
});

describe('live hub', () => {
  it('sends retry and the current board at once, then one read per change to every viewer', async () => {
    bus = createMemoryBus();
    const reader = controlledReader(board(5, 1));
    hub = createLiveHub(bus, { read: reader.read, heartbeatMs: 0 });
    const a = viewer();
    const b = viewer();
    hub.subscribe(5, a.send, { onEnd: a.onEnd });
    hub.subscribe(5, b.send, { onEnd: b.onEnd });
    expect(a.frames).toEqual(['retry: 2000\n\n']);
    expect(reader.reads).toBe(1); // both wait on the same read
    reader.release();
    await tick();
    expect(a.events()).toEqual([`id: 1\nevent: standings\ndata: ${JSON.stringify(board(5, 1))}\n\n`]);
    expect(b.events()).toEqual(a.events());

    reader.set(board(5, 2));
    await bus.publish({ type: 'live', raceId: 5, eventId: 1, seq: 2, state: 'live' });
    await tick();
    expect(reader.reads).toBe(2);
    reader.release();
    await tick();
    expect(a.events()).toHaveLength(2);
    expect(a.events()[1]).toMatch(/^id: 2\nevent: standings\ndata: \{.*"seq":2.*\}\n\n$/);
    expect(b.events()).toEqual(a.events());
    expect(hub.viewerCount(5)).toBe(2);
  });

  it('ignores races without viewers and duplicate messages', async () => {
    bus = createMemoryBus();
    const reader = controlledReader(board(5, 3));
    hub = createLiveHub(bus, { read: reader.read, heartbeatMs: 0 });
    await bus.publish({ type: 'live', raceId: 5, eventId: 1, seq: 3, state: 'live' });
    await tick();
    expect(reader.reads).toBe(0);
    const a = viewer();
    hub.subscribe(5, a.send);
    reader.release();
    await tick();
    await bus.publish({ type: 'live', raceId: 5, eventId: 1, seq: 3, state: 'live' });
    await bus.publish({ type: 'live', raceId: 9, eventId: 1, seq: 8, state: 'live' });
    await tick();
    expect(reader.reads).toBe(1);
    expect(a.events()).toHaveLength(1);
  });

  it('never has two reads in flight for a race; changes during a read cause one more read with the last seq', async () => {
    bus = createMemoryBus();
    const reader = controlledReader(board(5, 1));
    hub = createLiveHub(bus, { read: reader.read, heartbeatMs: 0 });
    const a = viewer();
    hub.subscribe(5, a.send);
    reader.release();
    await tick();
    reader.set(board(5, 2));
    await bus.publish({ type: 'live', raceId: 5, eventId: 1, seq: 2, state: 'live' });
    await tick();
    // Three more changes while the read of seq 2 is under way.
    for (const seq of [3, 4, 5]) await bus.publish({ type: 'live', raceId: 5, eventId: 1, seq, state: 'live' });
    await tick();
    expect(reader.reads).toBe(2);
    reader.set(board(5, 5));
    reader.release(); // answers seq 5 to the read that started at seq 2
    await tick();
    expect(reader.reads).toBe(3); // the one read after it
    reader.release();
    await tick();
    expect(reader.maxInFlight).toBe(1);
    // seq 5 went out once: the follow-up read saw no new seq.
    expect(a.events().map((f) => f.split('\n')[0])).toEqual(['id: 1', 'id: 5']);
  });

  it('skips the board for a reconnecting browser whose Last-Event-ID is the current seq', async () => {
    bus = createMemoryBus();
    const reader = controlledReader(board(5, 4));
    hub = createLiveHub(bus, { read: reader.read, heartbeatMs: 0 });
    const first = viewer();
    hub.subscribe(5, first.send);
    reader.release();
    await tick();
    const back = viewer();
    hub.subscribe(5, back.send, { lastEventId: '4' });
    const behind = viewer();
    hub.subscribe(5, behind.send, { lastEventId: '3' });
    await tick();
    expect(reader.reads).toBe(1); // the race's last board served the newcomers
    expect(back.frames).toEqual(['retry: 2000\n\n']);
    expect(behind.events()).toHaveLength(1);
    // A fresh hub (no board yet) reads, then skips for the matching id.
    const other = createLiveHub(bus, { read: reader.read, heartbeatMs: 0 });
    const again = viewer();
    other.subscribe(5, again.send, { lastEventId: '4' });
    reader.release();
    await tick();
    expect(again.events()).toEqual([]);
    other.close();
  });

  it('sends the final board and end when the session finishes, then lets the viewers go; a late viewer gets end', async () => {
    bus = createMemoryBus();
    const reader = controlledReader(board(5, 6));
    hub = createLiveHub(bus, { read: reader.read, heartbeatMs: 0 });
    const a = viewer();
    hub.subscribe(5, a.send, { onEnd: a.onEnd });
    reader.release();
    await tick();
    reader.set(board(5, 7, 'finished'));
    await bus.publish({ type: 'live', raceId: 5, eventId: 1, seq: 7, state: 'finished' });
    await tick();
    reader.release();
    await tick();
    const last = a.events().at(-1)!;
    expect(last).toMatch(/^id: 7\nevent: standings\ndata: .*"state":"finished".*\n\nid: 7\nevent: end\ndata: \{"raceId":5\}\n\n$/);
    expect(a.ended).toBe(true);
    expect(hub.viewerCount(5)).toBe(0);

    const late = viewer();
    hub.subscribe(5, late.send, { onEnd: late.onEnd });
    reader.release();
    await tick();
    expect(late.events()).toEqual(['id: 7\nevent: end\ndata: {"raceId":5}\n\n']);
    expect(late.ended).toBe(true);
  });

  it('ends the viewers of a race that vanished or was hidden', async () => {
    bus = createMemoryBus();
    const reader = controlledReader(board(5, 1));
    hub = createLiveHub(bus, { read: reader.read, heartbeatMs: 0 });
    const a = viewer();
    hub.subscribe(5, a.send, { onEnd: a.onEnd });
    reader.release();
    await tick();
    reader.set(null);
    await bus.publish({ type: 'live', raceId: 5, eventId: 1, seq: 2, state: 'live' });
    await tick();
    reader.release();
    await tick();
    expect(a.events().at(-1)).toBe('id: 1\nevent: end\ndata: {"raceId":5}\n\n');
    expect(a.ended).toBe(true);
  });

  it('removes a viewer on close and sends heartbeats to the others', async () => {
    bus = createMemoryBus();
    const reader = controlledReader(board(5, 1));
    hub = createLiveHub(bus, { read: reader.read, heartbeatMs: 20 });
    const a = viewer();
    const b = viewer();
    const offA = hub.subscribe(5, a.send);
    hub.subscribe(5, b.send);
    reader.release();
    await tick();
    offA();
    expect(hub.viewerCount(5)).toBe(1);
    // Two heartbeats (polled: a loaded machine delays timers).
    for (let waited = 0; waited < 2000 && b.frames.filter((f) => f === ': ping\n\n').length < 2; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(b.frames.filter((f) => f === ': ping\n\n').length).toBeGreaterThanOrEqual(2);
    expect(a.frames.filter((f) => f === ': ping\n\n')).toEqual([]);
    reader.set(board(5, 2));
    await bus.publish({ type: 'live', raceId: 5, eventId: 1, seq: 2, state: 'live' });
    await tick();
    reader.release();
    await tick();
    expect(a.events()).toHaveLength(1);
    expect(b.events()).toHaveLength(2);
  });

  it('sends a change of the clock only as a small clock event, at most once per interval; changed rows as the board at once', async () => {
    bus = createMemoryBus();
    const withClock = (seq: number, laps: number, flag: string): LiveBoard => ({ ...board(5, seq), clock: { flag, lapsToGo: null, timeToGoMs: 60_000 - seq, timeOfDay: null, raceTimeMs: null }, rows: board(5, laps).rows });
    const reader = controlledReader(withClock(1, 1, 'Green'));
    hub = createLiveHub(bus, { read: reader.read, heartbeatMs: 0, clockIntervalMs: 500 });
    const a = viewer();
    hub.subscribe(5, a.send);
    reader.release();
    await tick();
    const publish = async (seq: number, next: LiveBoard) => {
      reader.set(next);
      await bus.publish({ type: 'live', raceId: 5, eventId: 1, seq, state: 'live' });
      await tick();
      reader.release();
      await tick();
    };
    const heads = () => a.events().map((f) => f.split('\n').slice(0, 2).join(' '));
    await publish(2, withClock(2, 1, 'Green'));
    await publish(3, withClock(3, 1, 'Yellow'));
    expect(heads()).toEqual(['id: 1 event: standings']); // held
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(heads()).toEqual(['id: 1 event: standings', 'id: 3 event: clock']); // the last one, once
    const clock = a.events()[1];
    expect(liveClock.parse(JSON.parse(/^data: (.*)$/m.exec(clock)![1]))).toEqual({ raceId: 5, seq: 3, clock: withClock(3, 1, 'Yellow').clock });
    expect(clock).not.toContain('rows');
    expect(clock.length).toBeLessThan(200);
    await publish(4, withClock(4, 1, 'Yellow'));
    await publish(5, withClock(5, 2, 'Yellow')); // a passing: the board at once, the held clock dropped
    expect(heads()).toEqual(['id: 1 event: standings', 'id: 3 event: clock', 'id: 5 event: standings']);
    expect(a.events()[2]).toContain('"timeToGoMs":59995');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(a.events()).toHaveLength(3);
    // After the interval a clock change goes out at once, still as a clock event.
    await publish(6, withClock(6, 2, 'Red'));
    expect(heads().at(-1)).toBe('id: 6 event: clock');
    expect(reader.reads).toBe(6);

    // A newcomer gets the whole board as of the last clock; one that has seq 6 gets nothing.
    const late = viewer();
    hub.subscribe(5, late.send);
    expect(late.events()).toHaveLength(1);
    expect(late.events()[0]).toMatch(/^id: 6\nevent: standings\n/);
    expect(late.events()[0]).toContain('"flag":"Red"');
    const current = viewer();
    hub.subscribe(5, current.send, { lastEventId: '6' });
    expect(current.events()).toEqual([]);
    // Back after a while (a hidden page): with the current rows (seq 5, a standings) only the
    // clock; with older rows (seq 3, a clock of the rows before the passing), the board.
    const back = viewer();
    hub.subscribe(5, back.send, { lastEventId: '5' });
    expect(back.events().map((f) => f.split('\n').slice(0, 2).join(' '))).toEqual(['id: 6 event: clock']);
    const behind = viewer();
    hub.subscribe(5, behind.send, { lastEventId: '3' });
    expect(behind.events().map((f) => f.split('\n').slice(0, 2).join(' '))).toEqual(['id: 6 event: standings']);
    const odd = viewer();
    hub.subscribe(5, odd.send, { lastEventId: 'x5' });
    expect(odd.events().map((f) => f.split('\n').slice(0, 2).join(' '))).toEqual(['id: 6 event: standings']);
  });

  it('remembers the rows of a race whose last viewer left: that viewer back with the same rows gets only the clock', async () => {
    bus = createMemoryBus();
    const withClock = (seq: number, laps: number): LiveBoard => ({ ...board(5, seq), clock: { flag: 'Green', lapsToGo: null, timeToGoMs: 60_000 - seq, timeOfDay: null, raceTimeMs: null }, rows: board(5, laps).rows });
    let current = withClock(1, 1);
    hub = createLiveHub(bus, { read: async () => current, heartbeatMs: 0, clockIntervalMs: 0 });
    const a = viewer();
    const off = hub.subscribe(5, a.send);
    await tick();
    current = withClock(2, 1);
    await bus.publish({ type: 'live', raceId: 5, eventId: 1, seq: 2, state: 'live' });
    await tick();
    await tick();
    expect(a.events().map((f) => f.split('\n').slice(0, 2).join(' '))).toEqual(['id: 1 event: standings', 'id: 2 event: clock']);
    off(); // the page was hidden: the hub forgets the race
    expect(hub.viewerCount()).toBe(0);
    current = withClock(3, 1); // the clock ran meanwhile
    const back = viewer();
    hub.subscribe(5, back.send, { lastEventId: '2' });
    await tick();
    expect(back.events().map((f) => f.split('\n').slice(0, 2).join(' '))).toEqual(['id: 3 event: clock']);
  });

  it('sends the board to a viewer back after the rows changed while the race had no viewer', async () => {
    bus = createMemoryBus();
    let current = board(5, 1);
    hub = createLiveHub(bus, { read: async () => current, heartbeatMs: 0, clockIntervalMs: 0 });
    const off = hub.subscribe(5, viewer().send);
    await tick();
    off();
    current = board(5, 2); // laps changed: other rows
    const back = viewer();
    hub.subscribe(5, back.send, { lastEventId: '1' });
    await tick();
    expect(back.events().map((f) => f.split('\n').slice(0, 2).join(' '))).toEqual(['id: 2 event: standings']);
  });

  it('ends the viewers of a race whose feed went stale, checked on the heartbeat', async () => {
    bus = createMemoryBus();
    let now = Date.now();
    const reader = controlledReader(board(5, 8));
    hub = createLiveHub(bus, { read: reader.read, heartbeatMs: 20, now: () => now });
    const a = viewer();
    hub.subscribe(5, a.send, { onEnd: a.onEnd });
    reader.release();
    await tick();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reader.reads).toBe(1); // a fresh board is not read again on the heartbeat
    now += LIVE_STALE_MS + 1; // no write since: the feed died
    await until(() => reader.reads === 2);
    expect(reader.reads).toBe(2);
    reader.release(); // the reader still says live (the default one says finished): the hub knows better
    await tick();
    expect(a.events().at(-1)).toMatch(/^id: 8\nevent: standings\ndata: .*"state":"finished".*\n\nid: 8\nevent: end\ndata: \{"raceId":5\}\n\n$/);
    expect(a.ended).toBe(true);
    expect(hub.viewerCount()).toBe(0);
  });

  it('gives up a read that hangs and reads again on the next heartbeat or message', async () => {
    bus = createMemoryBus();
    let hang = true;
    let reads = 0;
    const read = (raceId: number) => {
      reads++;
      return hang ? new Promise<LiveBoard | null>(() => {}) : Promise.resolve(board(raceId, 2));
    };
    hub = createLiveHub(bus, { read, heartbeatMs: 60, readTimeoutMs: 15 });
    const a = viewer();
    hub.subscribe(5, a.send);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(a.events()).toEqual([]);
    expect(hub.viewerCount(5)).toBe(1); // still connected, waiting
    hang = false;
    await until(() => a.events().length > 0); // the heartbeat reads again
    expect(reads).toBeGreaterThanOrEqual(2);
    expect(a.events().map((f) => f.split('\n')[0])).toEqual(['id: 2']);

    // A message also retries a failed read, even one naming a seq already seen.
    const other = createLiveHub(bus, { read, heartbeatMs: 0, readTimeoutMs: 15 });
    hang = true;
    const b = viewer();
    other.subscribe(6, b.send);
    await new Promise((resolve) => setTimeout(resolve, 25));
    hang = false;
    await bus.publish({ type: 'live', raceId: 6, eventId: 1, seq: 1, state: 'live' });
    await until(() => b.events().length > 0);
    expect(b.events().map((f) => f.split('\n')[0])).toEqual(['id: 2']);
    other.close();
  });

  it('reads every board that has viewers again on a resync, and sends what changed', async () => {
    bus = createMemoryBus();
    const boards = new Map<number, LiveBoard>([
      [5, board(5, 1)],
      [6, board(6, 1)],
    ]);
    let reads = 0;
    hub = createLiveHub(bus, {
      read: async (raceId) => {
        reads++;
        return boards.get(raceId) ?? null;
      },
      heartbeatMs: 0,
    });
    const a = viewer();
    const b = viewer();
    hub.subscribe(5, a.send);
    hub.subscribe(6, b.send);
    await tick();
    expect(reads).toBe(2);
    // The messages of seq 2 and 3 of race 5 were lost while the LISTEN connection was down.
    boards.set(5, board(5, 3));
    await bus.publish({ type: 'resync' });
    await tick();
    await tick();
    expect(reads).toBe(4);
    expect(a.events().map((f) => f.split('\n')[0])).toEqual(['id: 1', 'id: 3']);
    expect(b.events().map((f) => f.split('\n')[0])).toEqual(['id: 1']); // unchanged: nothing sent
  });

  it('keeps serving when one viewer’s write throws', async () => {
    bus = createMemoryBus();
    const reader = controlledReader(board(5, 1));
    hub = createLiveHub(bus, { read: reader.read, heartbeatMs: 0 });
    const good = viewer();
    hub.subscribe(5, () => {
      throw new Error('socket gone');
    });
    hub.subscribe(5, good.send);
    reader.release();
    await tick();
    expect(good.events()).toHaveLength(1);
    expect(hub.viewerCount(5)).toBe(1);
  });
});
