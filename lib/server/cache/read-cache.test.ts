/**
 * The read cache's rules with reads that count their calls (tests/integration/read-cache.test.ts
 * runs the real race reads against PostgreSQL and its bus).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryBus } from '../timing/live/bus';
import { cachedRead, disableReadCache, enableReadCache, listenReads, readCacheOptionsFromEnv, readCacheStats } from './read-cache';
import { markUncacheable, recordTags, revalidateTags, tagRead } from './tags';

/** A read of race `id` naming `race:{id}` and `event:7`, counting how often it really ran. */
function raceRead(name = `race-${Math.random()}`) {
  const calls = { count: 0 };
  const read = cachedRead(name, async (id: number) => {
    calls.count++;
    tagRead(`race:${id}`);
    await Promise.resolve();
    tagRead('event:7');
    return { id, name: `Race ${id}`, rows: [{ position: 1 }], call: calls.count };
  });
  return { read, calls };
}

beforeEach(() => enableReadCache({ maxMb: 1, ttlS: 600 }));
afterEach(() => {
  disableReadCache();
  vi.useRealTimers();
});

describe('cachedRead', () => {
  it('answers a second read from memory, per arguments', async () => {
    const { read, calls } = raceRead();
    expect((await read(1)).call).toBe(1);
    expect((await read(1)).call).toBe(1);
    expect((await read(2)).call).toBe(2);
    expect(calls.count).toBe(2);
  });

  it('hands the tags of the read to the page render, on a miss and on a hit', async () => {
    const { read } = raceRead();
    const miss = recordTags(() => read(3));
    await miss.result;
    const hit = recordTags(() => read(3));
    await hit.result;
    expect([...miss.recorder.tags].sort()).toEqual(['event:7', 'race:3']);
    expect([...hit.recorder.tags].sort()).toEqual(['event:7', 'race:3']);
  });

  it('reads again once a writer revalidates one of its tags, and keeps the others', async () => {
    const { read, calls } = raceRead();
    await read(1);
    await read(2);
    await revalidateTags(['race:1']);
    await read(1);
    await read(2);
    expect(calls.count).toBe(3);
    await revalidateTags(['event:7']);
    await read(2);
    expect(calls.count).toBe(4);
  });

  it('follows the bus: tags, a live race, and a resync', async () => {
    const bus = createMemoryBus();
    const off = listenReads(bus);
    const { read, calls } = raceRead();
    await read(1);
    await bus.publish({ type: 'live', raceId: 1, eventId: 7, seq: 3, state: 'live' });
    await read(1);
    expect(calls.count).toBe(2);
    await bus.publish({ type: 'tags', tags: ['race:1'] });
    await read(1);
    expect(calls.count).toBe(3);
    await bus.publish({ type: 'resync' });
    await read(1);
    expect(calls.count).toBe(4);
    off();
  });

  it('does not keep a value read while one of its tags was dropped (it may hold the old rows)', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    const read = cachedRead(`slow-${Math.random()}`, async () => {
      calls++;
      tagRead('race:9');
      await gate;
      return calls;
    });
    const first = read();
    await revalidateTags(['race:9']);
    release();
    expect(await first).toBe(1);
    expect(await read()).toBe(2);
  });

  it('keeps nothing that names no tag or marks itself uncacheable, and tells the page', async () => {
    let plain = 0;
    const untagged = cachedRead(`untagged-${Math.random()}`, async () => ++plain);
    await untagged();
    await untagged();
    expect(plain).toBe(2);

    let failed = 0;
    const fallback = cachedRead(`fallback-${Math.random()}`, async () => {
      failed++;
      tagRead('race:1');
      markUncacheable();
      return 'fallback';
    });
    const page = recordTags(() => fallback());
    await page.result;
    await fallback();
    expect(failed).toBe(2);
    expect(page.recorder.uncacheable).toBe(true);
  });

  it('keeps no failure', async () => {
    let calls = 0;
    const read = cachedRead(`failing-${Math.random()}`, async () => {
      calls++;
      tagRead('race:1');
      if (calls === 1) throw new Error('database down');
      return 'rows';
    });
    await expect(read()).rejects.toThrow('database down');
    expect(await read()).toBe('rows');
    expect(await read()).toBe('rows');
    expect(calls).toBe(2);
  });

  it('hands out frozen values: a caller cannot change what the next page gets', async () => {
    const { read } = raceRead();
    const first = await read(1);
    expect(() => {
      'use strict';
      (first.rows[0] as { position: number }).position = 99;
    }).toThrow(TypeError);
    expect((await read(1)).rows[0].position).toBe(1);
  });

  it('stays within its size, the least recently used going first', async () => {
    enableReadCache({ maxMb: 0.01, ttlS: 600 });
    let calls = 0;
    const read = cachedRead(`big-${Math.random()}`, async (n: number) => {
      calls++;
      tagRead(`race:${n}`);
      return 'x'.repeat(1000) + n;
    });
    for (let n = 0; n < 20; n++) await read(n);
    expect(readCacheStats().bytes).toBeLessThanOrEqual(0.01 * 1048576);
    const before = calls;
    await read(19);
    expect(calls).toBe(before);
    await read(0);
    expect(calls).toBe(before + 1);
  });

  it('reads again after its TTL', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    enableReadCache({ maxMb: 1, ttlS: 60 });
    const { read, calls } = raceRead();
    await read(1);
    vi.setSystemTime(Date.now() + 61_000);
    await read(1);
    expect(calls.count).toBe(2);
  });

  it('is off until the site turns it on, and with READ_CACHE_MB=0', async () => {
    disableReadCache();
    const { read, calls } = raceRead();
    await read(1);
    await read(1);
    expect(calls.count).toBe(2);
    expect(readCacheOptionsFromEnv({ READ_CACHE_MB: '0' }).maxMb).toBe(0);
    expect(readCacheOptionsFromEnv({}).maxMb).toBe(64);
    expect(() => readCacheOptionsFromEnv({ READ_CACHE_MB: 'lots' })).toThrow(/READ_CACHE_MB/);
  });
});
