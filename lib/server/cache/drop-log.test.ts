/** The drop log shared by the page cache and the read cache. */
import { describe, expect, it } from 'vitest';
import { DropLog } from './drop-log';

describe('DropLog', () => {
  it('refuses a value whose tag was dropped after it started, keeps the others', () => {
    const log = new DropLog();
    const started = log.epoch;
    log.drop(['race:1']);
    expect(log.fresh(['race:1', 'event:2'], started)).toBe(false);
    expect(log.fresh(['race:2'], started)).toBe(true);
    expect(log.fresh(['race:1'], log.epoch)).toBe(true);
  });

  it('after a clear, or once it holds too many tags, refuses everything started before', () => {
    const log = new DropLog(3);
    const before = log.epoch;
    log.drop(['a', 'b', 'c', 'd']);
    expect(log.fresh(['z'], before)).toBe(false);
    const later = log.epoch;
    expect(log.fresh(['z'], later)).toBe(true);
    log.clear();
    expect(log.fresh(['z'], later)).toBe(false);
    expect(log.fresh(['z'], log.epoch)).toBe(true);
  });
});
