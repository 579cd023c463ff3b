/**
 * The RMonitor feed client against real local TCP servers (port 0): lines cut anywhere between
 * chunks, CRLF or LF, a BOM; an overlong line dropped, each chunk scanned once; reconnecting after
 * a drop, after a refused connect, after a silence and after a connect that hangs; close().
 */
import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, connectFeed, LineSplitter, MAX_LINE_CHARS, type FeedConnection, type FeedState } from './client';

const servers: net.Server[] = [];
const feeds: FeedConnection[] = [];
afterEach(async () => {
  await Promise.all(feeds.splice(0).map((f) => f.close()));
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A server on a free port; `onClient` gets each socket. */
async function server(onClient: (socket: net.Socket) => void, port = 0): Promise<{ server: net.Server; port: number }> {
  const s = net.createServer((socket) => {
    socket.on('error', () => {});
    onClient(socket);
  });
  servers.push(s);
  await new Promise<void>((resolve) => s.listen(port, '127.0.0.1', resolve));
  return { server: s, port: (s.address() as net.AddressInfo).port };
}

async function waitFor(cond: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('LineSplitter', () => {
  it('splits CRLF and LF lines cut anywhere, drops a leading BOM, keeps UTF-8 characters cut between chunks', () => {
    const lines: string[] = [];
    const split = new LineSplitter((l) => lines.push(l));
    const bytes = Buffer.from('\uFEFF$A,"1","1",1,"Zoë","Émond","",1\r\n$B,1,"Heat"\n$F,0,"00:00:00","10:00:00","00:00:00","Green "\r\n', 'utf8');
    for (let i = 0; i < bytes.length; i += 3) split.push(bytes.subarray(i, i + 3));
    expect(lines).toEqual(['$A,"1","1",1,"Zoë","Émond","",1', '$B,1,"Heat"', '$F,0,"00:00:00","10:00:00","00:00:00","Green "']);
  });

  it('keeps a partial line until its end comes, forgets it on reset', () => {
    const lines: string[] = [];
    const split = new LineSplitter((l) => lines.push(l));
    split.push(Buffer.from('$J,"1","00:01'));
    expect(lines).toEqual([]);
    split.reset();
    split.push(Buffer.from('$B,1,"Heat"\r\n'));
    expect(lines).toEqual(['$B,1,"Heat"']);
  });

  it('drops a line longer than the limit (reported once) and goes on with the next one', () => {
    const lines: string[] = [];
    const dropped: number[] = [];
    const split = new LineSplitter((l) => lines.push(l), (n) => dropped.push(n), 100);
    split.push('$B,1,"Heat"\r\n' + 'x'.repeat(60));
    split.push('y'.repeat(60)); // past the limit: dropped from here to its end
    split.push('z'.repeat(500));
    split.push('zz\r\n$C,1,"Pro"\r\n' + 'w'.repeat(150) + '\n$F,1\n');
    expect(lines).toEqual(['$B,1,"Heat"', '$C,1,"Pro"', '$F,1']);
    expect(dropped).toEqual([120, 150]);
  });

  it('keeps at most MAX_LINE_CHARS of a stream that never sends a line end', () => {
    const lines: string[] = [];
    let dropped = 0;
    const split = new LineSplitter((l) => lines.push(l), () => dropped++);
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    for (let i = 0; i < 64; i++) split.push(chunk); // 4 MB without a line end
    expect(dropped).toBe(1);
    expect((split as unknown as { buffer: string }).buffer.length).toBeLessThanOrEqual(MAX_LINE_CHARS);
    split.push('\n$B,1,"Heat"\n');
    expect(lines).toEqual(['$B,1,"Heat"']);
  });

  it('scans each chunk once: a long line arriving a few bytes at a time is not searched again and again', () => {
    const lines: string[] = [];
    const split = new LineSplitter((l) => lines.push(l));
    const scanned = { chars: 0 };
    const indexOf = String.prototype.indexOf;
    const spy = vi.spyOn(String.prototype, 'indexOf').mockImplementation(function (this: string, search: string, from?: number) {
      if (search === '\n') scanned.chars += this.length - (from ?? 0);
      return indexOf.call(this, search, from);
    });
    try {
      for (let i = 0; i < 6000; i++) split.push('abcdefghij');
      split.push('\n');
    } finally {
      spy.mockRestore();
    }
    expect(lines).toEqual(['abcdefghij'.repeat(6000)]);
    expect(scanned.chars).toBeLessThan(10 * 60_001); // rescanning the buffer each time: ~180,000,000
  });
});

describe('backoffDelay', () => {
  it('doubles from the initial wait up to the maximum, with 50–100 % jitter', () => {
    expect([0, 1, 2, 3, 10].map((a) => backoffDelay(a, 500, 10_000, () => 1))).toEqual([500, 1000, 2000, 4000, 10_000]);
    expect(backoffDelay(0, 500, 10_000, () => 0)).toBe(250);
    expect(backoffDelay(50, 500, 10_000, () => 0.5)).toBe(7500);
  });
});

describe('connectFeed', () => {
  it('delivers the lines a server sends in pieces', async () => {
    const { port } = await server((socket) => {
      socket.write('\uFEFF$B,1,"He');
      setTimeout(() => socket.write('at"\r\n$C,1,"Pro"\n$F,0,"00:00:00","10:00:00","00:00:00","      "\r\n'), 20);
    });
    const lines: string[] = [];
    feeds.push(connectFeed({ host: '127.0.0.1', port, onLine: (l) => lines.push(l) }));
    await waitFor(() => lines.length === 3);
    expect(lines).toEqual(['$B,1,"Heat"', '$C,1,"Pro"', '$F,0,"00:00:00","10:00:00","00:00:00","      "']);
  });

  it('reconnects after the server drops it, and a line cut by the drop is lost, not passed on truncated', async () => {
    let clients = 0;
    const { port } = await server((socket) => {
      clients++;
      if (clients === 1) socket.end('$B,1,"Heat"\r\n$J,"1","00:01');
      else socket.write('$B,2,"Final"\r\n');
    });
    const lines: string[] = [];
    const states: FeedState[] = [];
    feeds.push(connectFeed({ host: '127.0.0.1', port, onLine: (l) => lines.push(l), onState: (s) => states.push(s), initialBackoffMs: 10 }));
    await waitFor(() => lines.length === 2);
    expect(lines).toEqual(['$B,1,"Heat"', '$B,2,"Final"']);
    expect(states).toEqual(['connecting', 'connected', 'disconnected', 'connecting', 'connected']);
  });

  it('keeps trying while the connection is refused, and connects once the server is up', async () => {
    const { server: probe, port } = await server(() => {});
    await new Promise((r) => probe.close(r));
    servers.splice(servers.indexOf(probe), 1);
    const lines: string[] = [];
    const details: string[] = [];
    feeds.push(
      connectFeed({ host: '127.0.0.1', port, onLine: (l) => lines.push(l), onState: (s, d) => s === 'disconnected' && details.push(d ?? ''), initialBackoffMs: 10, maxBackoffMs: 40 }),
    );
    await waitFor(() => details.length >= 3);
    expect(details[0]).toMatch(/ECONNREFUSED.*retry in \d+ ms/);
    await server((socket) => socket.write('$B,1,"Heat"\r\n'), port);
    await waitFor(() => lines.length === 1);
    expect(lines).toEqual(['$B,1,"Heat"']);
  });

  it('stops for good on close(): no reconnect, no more lines', async () => {
    let clients = 0;
    const { port } = await server((socket) => {
      clients++;
      socket.write('$B,1,"Heat"\r\n');
    });
    const lines: string[] = [];
    const feed = connectFeed({ host: '127.0.0.1', port, onLine: (l) => lines.push(l), initialBackoffMs: 5 });
    await waitFor(() => lines.length === 1);
    await feed.close();
    await new Promise((r) => setTimeout(r, 50));
    expect(clients).toBe(1);
    expect(lines).toHaveLength(1);
  });

  it('drops a connection that stays silent (no heartbeat) and dials again', async () => {
    let clients = 0;
    const { port } = await server((socket) => {
      clients++;
      if (clients === 1) socket.write('$B,1,"Heat"\r\n'); // then nothing, connection kept open
      else socket.write('$B,2,"Final"\r\n');
    });
    const lines: string[] = [];
    const details: string[] = [];
    feeds.push(
      connectFeed({ host: '127.0.0.1', port, onLine: (l) => lines.push(l), onState: (s, d) => s === 'disconnected' && details.push(d ?? ''), initialBackoffMs: 10, idleTimeoutMs: 150 }),
    );
    await waitFor(() => lines.length === 2);
    expect(lines).toEqual(['$B,1,"Heat"', '$B,2,"Final"']);
    expect(details[0]).toMatch(/^no data for 0\.15 s; retry in \d+ ms$/);
  });

  it('gives up a connect that hangs (a host dropping SYNs) after the idle timeout', async () => {
    // A connect that never completes: its address lookup never answers.
    const connect = net.connect;
    const spy = vi.spyOn(net, 'connect').mockImplementation(((opts: net.NetConnectOpts) => connect({ ...opts, lookup: () => {} } as net.NetConnectOpts)) as typeof net.connect);
    try {
      const details: string[] = [];
      const states: FeedState[] = [];
      feeds.push(
        connectFeed({ host: 'timing.invalid', port: 50000, onLine: () => {}, onState: (s, d) => (states.push(s), s === 'disconnected' && details.push(d ?? '')), initialBackoffMs: 10, idleTimeoutMs: 150 }),
      );
      await waitFor(() => details.length >= 2);
      expect(details[0]).toMatch(/^connect timed out after 0\.15 s; retry in \d+ ms$/);
      expect(states.slice(0, 4)).toEqual(['connecting', 'disconnected', 'connecting', 'disconnected']);
    } finally {
      spy.mockRestore();
    }
  });

  it('logs and drops an overlong line from the server, and delivers the next ones', async () => {
    const { port } = await server((socket) => socket.write(`${'\u0000'.repeat(MAX_LINE_CHARS + 10)}\r\n$B,1,"Heat"\r\n`));
    const lines: string[] = [];
    const log: string[] = [];
    feeds.push(connectFeed({ host: '127.0.0.1', port, onLine: (l) => lines.push(l), log: (m) => log.push(m) }));
    await waitFor(() => lines.length === 1);
    expect(lines).toEqual(['$B,1,"Heat"']);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(/^a line longer than 65536 characters \(\d+ so far\) was dropped up to its end/);
  });

  it('survives a line handler that throws', async () => {
    const { port } = await server((socket) => socket.write('bad\r\ngood\r\n'));
    const lines: string[] = [];
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      feeds.push(
        connectFeed({
          host: '127.0.0.1',
          port,
          onLine: (l) => {
            if (l === 'bad') throw new Error('boom');
            lines.push(l);
          },
        }),
      );
      await waitFor(() => lines.length === 1);
    } finally {
      console.error = original;
    }
    expect(lines).toEqual(['good']);
    expect(errors).toHaveLength(1);
  });
});
