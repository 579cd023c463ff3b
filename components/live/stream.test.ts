/**
 * The live board's stream without a browser: lastEventId on (re)open, events passed on, closed
 * while the page is hidden and opened again with the last seq when shown, stays closed after
 * `end`, opened again after a refused stream.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { followLiveStream, type LiveStreamCallbacks, type PageLike, type SourceLike } from './stream';

class FakeSource implements SourceLike {
  readyState = 0;
  closed = false;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, data = '') {
    for (const l of this.listeners.get(type) ?? []) l({ data } as MessageEvent<string>);
  }
}

function fakePage(): PageLike & { state: DocumentVisibilityState; set(state: DocumentVisibilityState): void; listeners: number } {
  const listeners = new Set<() => void>();
  const page = {
    state: 'visible' as DocumentVisibilityState,
    get visibilityState() {
      return page.state;
    },
    get listeners() {
      return listeners.size;
    },
    addEventListener: (_: 'visibilitychange', fn: () => void) => void listeners.add(fn),
    removeEventListener: (_: 'visibilitychange', fn: () => void) => void listeners.delete(fn),
    set(state: DocumentVisibilityState) {
      page.state = state;
      for (const fn of [...listeners]) fn();
    },
  };
  return page;
}

function setup(seq = 10) {
  const sources: FakeSource[] = [];
  const page = fakePage();
  const seen: string[] = [];
  let current = seq;
  const callbacks: LiveStreamCallbacks = {
    seq: () => current,
    standings: (data) => seen.push(`standings ${data}`),
    clock: (data) => seen.push(`clock ${data}`),
    end: () => seen.push('end'),
    status: (s) => seen.push(`status ${s}`),
    lost: () => seen.push('lost'),
    refused: () => seen.push('refused'),
  };
  const stream = followLiveStream(7, callbacks, { open: (url) => (sources.push(new FakeSource(url)), sources.at(-1)!), page, reopenMs: 100 });
  return { sources, page, seen, stream, setSeq: (n: number) => (current = n) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('followLiveStream', () => {
  it('opens with the seq the page shows and passes the events on', () => {
    const { sources, seen } = setup(10);
    expect(sources.map((s) => s.url)).toEqual(['/ll/api/v1/livelaps/live/race/7/stream?lastEventId=10']);
    sources[0].onopen?.(new Event('open'));
    sources[0].emit('clock', '{"c":1}');
    sources[0].emit('standings', '{"s":1}');
    expect(seen).toEqual(['status live', 'status live', 'clock {"c":1}', 'status live', 'standings {"s":1}']);
  });

  it('closes the stream while the page is hidden and opens it again with the last seq when shown', () => {
    const { sources, page, seen, setSeq } = setup(10);
    page.set('hidden');
    expect(sources[0].closed).toBe(true);
    expect(seen.at(-1)).toBe('status connecting');
    page.set('hidden');
    expect(sources).toHaveLength(1);
    setSeq(14);
    page.set('visible');
    expect(sources.map((s) => s.url)).toEqual(['/ll/api/v1/livelaps/live/race/7/stream?lastEventId=10', '/ll/api/v1/livelaps/live/race/7/stream?lastEventId=14']);
    page.set('visible');
    expect(sources).toHaveLength(2); // one stream at a time
    // Events of the closed stream are ignored.
    sources[0].emit('standings', 'old');
    expect(seen).not.toContain('standings old');
  });

  it('does not open a stream for a page loaded hidden until it is shown', () => {
    const sources: FakeSource[] = [];
    const page = fakePage();
    page.state = 'hidden';
    const noop = () => {};
    followLiveStream(7, { seq: () => 3, standings: noop, clock: noop, end: noop, status: noop, lost: noop, refused: noop }, { open: (url) => (sources.push(new FakeSource(url)), sources.at(-1)!), page });
    expect(sources).toHaveLength(0);
    page.set('visible');
    expect(sources.map((s) => s.url)).toEqual(['/ll/api/v1/livelaps/live/race/7/stream?lastEventId=3']);
  });

  it('stays closed after end, whatever the visibility does', () => {
    const { sources, page, seen } = setup();
    sources[0].emit('end');
    expect(sources[0].closed).toBe(true);
    expect(seen.at(-1)).toBe('end');
    page.set('hidden');
    page.set('visible');
    expect(sources).toHaveLength(1);
  });

  it('reports a lost stream, and opens a refused one again later unless hidden meanwhile', () => {
    vi.useFakeTimers();
    const { sources, page, seen } = setup();
    sources[0].onopen?.(new Event('open'));
    sources[0].onerror?.(new Event('error')); // the browser reconnects by itself
    expect(seen.slice(-2)).toEqual(['lost', 'status reconnecting']);
    sources[0].readyState = 2; // refused
    sources[0].onerror?.(new Event('error'));
    expect(seen.at(-1)).toBe('refused');
    vi.advanceTimersByTime(100);
    expect(sources).toHaveLength(2);
    sources[1].readyState = 2;
    sources[1].onerror?.(new Event('error'));
    page.set('hidden');
    vi.advanceTimersByTime(500);
    expect(sources).toHaveLength(2);
    page.set('visible');
    expect(sources).toHaveLength(3);
  });

  it('lets go of the page on stop', () => {
    const { sources, page, stream } = setup();
    expect(page.listeners).toBe(1);
    stream.stop();
    expect(sources[0].closed).toBe(true);
    expect(page.listeners).toBe(0);
  });
});
