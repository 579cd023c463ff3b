/**
 * The replay server over real TCP (port 0): the capture's clock paces it, CRLF on the wire, a
 * late or reconnecting client gets the catch-up, connections stay open after the end (with the
 * last heartbeat repeated when asked).
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LineSplitter } from './client';
import { captureSchedule, startReplay, type Replay } from './replay';

const replays: Replay[] = [];
const sockets: net.Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await Promise.all(replays.splice(0).map((r) => r.close()));
});

const F = (tod: string) => `$F,9999,"00:00:00","${tod}","00:00:00","Green "`;

/** A raw client: every byte and every line it receives. */
function client(port: number) {
  const got = { raw: '', lines: [] as string[], closed: false };
  const split = new LineSplitter((l) => got.lines.push(l));
  const socket = net.connect({ host: '127.0.0.1', port });
  sockets.push(socket);
  socket.on('data', (chunk) => {
    got.raw += chunk.toString('utf8');
    split.push(chunk);
  });
  socket.on('close', () => (got.closed = true));
  socket.on('error', () => {});
  return { got, socket, connected: new Promise((r) => socket.once('connect', r)) };
}

async function waitFor(cond: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('captureSchedule', () => {
  it('dues each heartbeat by its time-of-day advance; other lines with the heartbeat before them', () => {
    const lines = ['$B,1,"Heat"', F('10:00:00'), '$J,"1","00:00:00.000","00:00:01.000"', F('10:00:02'), F('10:00:02'), '$G,1,"1",0,"00:00:01.000"', F('10:00:07')];
    expect(captureSchedule(lines)).toEqual([0, 0, 0, 2, 2, 2, 7]);
  });

  it('wraps at midnight, and a clock going back adds nothing', () => {
    expect(captureSchedule([F('23:59:59'), F('00:00:01'), F('12:00:00'), F('11:00:00'), F('11:00:03')])).toEqual([0, 2, 43201, 43201, 43204]);
  });
});

describe('startReplay', () => {
  it('sends a whole capture at full speed with CRLF line ends, then keeps the connection open', async () => {
    const text = fs.readFileSync(path.resolve('data/real/rmonitor/orbits-mock-session.txt'), 'utf8');
    const want = text.split(/\r?\n/).filter((_, i, all) => i < all.length - 1 || all[i] !== '');
    const replay = await startReplay({ text, speed: 0, startOnConnect: true });
    replays.push(replay);
    const c = client(replay.port);
    await replay.finished;
    await waitFor(() => c.got.lines.length === want.length);
    expect(c.got.lines).toEqual(want);
    expect(c.got.raw).toBe(want.map((l) => `${l}\r\n`).join(''));
    await new Promise((r) => setTimeout(r, 50));
    expect(c.got.closed).toBe(false);
    expect(replay.clients()).toBe(1);
  });

  it('paces by the capture clock divided by the speed, and calls onSend for each line as it goes', async () => {
    const lines = [F('10:00:00'), '$B,1,"Heat"', F('10:00:01'), '$J,"1","00:00:00.000","00:00:01.000"', F('10:00:03')];
    const sent: { i: number; at: number }[] = [];
    const before = performance.now();
    const replay = await startReplay({ text: lines.join('\n'), speed: 20, onSend: (i, _l, at) => sent.push({ i, at }) });
    replays.push(replay);
    await replay.finished;
    expect(sent.map((s) => s.i)).toEqual([0, 1, 2, 3, 4]);
    // Lower bounds only, from before the start: a line goes out once its time after the start has
    // come, never earlier. (Not between two lines: the timeline keeps to its start, so a line sent
    // late on a loaded machine is followed by the next one sooner. How fast lines go out under load
    // is the bench's business.)
    const since = (i: number) => sent[i].at - before;
    expect(since(2)).toBeGreaterThanOrEqual(49.9); // 1 s / 20
    expect(since(3)).toBeGreaterThanOrEqual(49.9);
    expect(since(4)).toBeGreaterThanOrEqual(149.9); // 3 s / 20
  });

  it('gives a late client every line already sent, then the live ones; a dropped client catches up again', async () => {
    const lines = [F('10:00:00'), '$B,1,"Heat"', F('10:00:01'), '$J,"1","00:00:00.000","00:00:01.000"', F('10:00:02'), '$J,"1","00:01:00.000","00:01:01.000"'];
    const replay = await startReplay({ text: lines.join('\r\n') + '\r\n', speed: 10 });
    replays.push(replay);
    await waitFor(() => replay.sent() >= 2);
    const late = client(replay.port);
    await replay.finished;
    await waitFor(() => late.got.lines.length === lines.length);
    expect(late.got.lines).toEqual(lines);

    replay.dropConnections();
    await waitFor(() => late.got.closed);
    const again = client(replay.port);
    await waitFor(() => again.got.lines.length === lines.length);
    expect(again.got.lines).toEqual(lines);
  });

  it('keeps sending the last heartbeat after the end with idleHeartbeatMs (a feed idles, it does not go silent)', async () => {
    const lines = [F('10:00:00'), '$B,1,"Heat"', '$J,"1","00:00:00.000","00:00:01.000"', F('10:00:01'), '$G,1,"1",0,"00:00:01.000"'];
    const replay = await startReplay({ text: lines.join('\n'), speed: 0, startOnConnect: true, idleHeartbeatMs: 20 });
    replays.push(replay);
    const c = client(replay.port);
    await replay.finished;
    await waitFor(() => c.got.lines.length >= lines.length + 3);
    expect(c.got.lines.slice(0, lines.length)).toEqual(lines);
    expect(new Set(c.got.lines.slice(lines.length))).toEqual(new Set([F('10:00:01')]));
    expect(replay.sent()).toBe(lines.length);
  });

  it('stops on close(): the timeline halts and clients are dropped', async () => {
    const replay = await startReplay({ text: [F('10:00:00'), '$B,1,"Heat"', F('10:00:10'), '$B,2,"Final"'].join('\n'), speed: 1 });
    const c = client(replay.port);
    await waitFor(() => c.got.lines.length === 2);
    await replay.close();
    await waitFor(() => c.got.closed);
    expect(replay.sent()).toBe(2);
  });
});
