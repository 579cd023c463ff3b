/** The SSE hub on a memory bus with a fake board reader: fan-out, coalescing, Last-Event-ID, end. */
import { afterEach, describe, expect, it } from 'vitest';
import type { LiveBoard } from '../../../contracts/live';
import { createMemoryBus, type Bus } from './bus';
import { createLiveHub, type LiveHub, type SseFrame } from './sse';

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
    updatedAt: '2026-01-01T00:00:00.000Z',
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
    await new Promise((resolve) => setTimeout(resolve, 70));
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

  it('sends a board whose rows did not change (the clock moved) at most once per interval, a changed one at once', async () => {
    bus = createMemoryBus();
    const withClock = (seq: number, laps: number, flag: string): LiveBoard => ({ ...board(5, seq), clock: { flag, lapsToGo: null, timeToGoMs: 60_000 - seq, timeOfDay: null, raceTimeMs: null }, rows: board(5, laps).rows });
    const reader = controlledReader(withClock(1, 1, 'Green'));
    hub = createLiveHub(bus, { read: reader.read, heartbeatMs: 0, clockIntervalMs: 80 });
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
    await publish(2, withClock(2, 1, 'Green'));
    await publish(3, withClock(3, 1, 'Yellow'));
    expect(a.events().map((f) => f.split('\n')[0])).toEqual(['id: 1']); // held
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(a.events().map((f) => f.split('\n')[0])).toEqual(['id: 1', 'id: 3']); // the last one, once
    expect(a.events()[1]).toContain('"flag":"Yellow"');
    await publish(4, withClock(4, 1, 'Yellow'));
    await publish(5, withClock(5, 2, 'Yellow')); // a passing: at once, the held clock board dropped
    expect(a.events().map((f) => f.split('\n')[0])).toEqual(['id: 1', 'id: 3', 'id: 5']);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(a.events()).toHaveLength(3);
    expect(reader.reads).toBe(5);
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
