/**
 * The in-process limiter of the Existing Account check (and of wrong passwords and licences):
 * a sliding window per key, `Retry-After` in whole seconds, keys independent, bounded memory.
 */
import { describe, expect, it } from 'vitest';
import { DUPLICATE_CHECK_LIMIT, TooManyAttemptsError, windowLimiter } from './check-duplicate';

describe('windowLimiter', () => {
  it('allows max attempts per window, then refuses until the oldest leaves it', () => {
    const limiter = windowLimiter({ max: 3, windowMs: 60_000 });
    const t0 = 1_000_000;
    limiter.consume('ip:a', t0);
    limiter.consume('ip:a', t0 + 10_000);
    limiter.consume('ip:a', t0 + 20_000);
    expect(limiter.retryAfter('ip:a', t0 + 30_000)).toBe(30);
    expect(() => limiter.consume('ip:a', t0 + 30_000)).toThrow(TooManyAttemptsError);
    // A refused attempt is not counted.
    expect(limiter.retryAfter('ip:a', t0 + 59_999)).toBe(1);
    expect(limiter.retryAfter('ip:a', t0 + 60_000)).toBeNull();
    limiter.consume('ip:a', t0 + 60_000);
    expect(limiter.retryAfter('ip:a', t0 + 60_001)).toBe(10);
  });

  it('consume counts at once (parallel attempts see it); release gives one attempt back', () => {
    const limiter = windowLimiter({ max: 2, windowMs: 60_000 });
    const a = limiter.consume('k', 1000);
    const b = limiter.consume('k', 1000);
    expect(() => limiter.consume('k', 1001)).toThrow(TooManyAttemptsError);
    limiter.release('k', a);
    expect(limiter.retryAfter('k', 1001)).toBeNull();
    limiter.release('k', b);
    limiter.release('k', b);
    limiter.release('unknown', 5);
    limiter.consume('k', 1002);
    limiter.consume('k', 1003);
    expect(() => limiter.check('k', 1004)).toThrow(TooManyAttemptsError);
  });

  it('keeps keys apart; check counts nothing; hit counts without checking', () => {
    const limiter = windowLimiter({ max: 1, windowMs: 1000 });
    limiter.check('a', 0);
    limiter.check('a', 0);
    limiter.hit('a', 0);
    expect(() => limiter.check('a', 1)).toThrow(TooManyAttemptsError);
    limiter.check('b', 1);
    limiter.clear();
    limiter.check('a', 1);
  });

  it('refuses with 429 too_many_attempts and the seconds to wait', () => {
    const limiter = windowLimiter({ max: 1, windowMs: 90_500 });
    limiter.consume('k', 0);
    try {
      limiter.consume('k', 500);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(TooManyAttemptsError);
      const e = err as TooManyAttemptsError;
      expect(e.retryAfterS).toBe(90);
      expect(e.status).toBe(429);
      expect(e.toJSON()).toEqual({ error: 'too_many_attempts', message: 'Too many failed attempts. Please wait a few minutes and try again.', statusCode: 429 });
    }
  });

  it('forgets the oldest keys beyond its bound', () => {
    const limiter = windowLimiter({ max: 1, windowMs: 60_000 });
    limiter.hit('first', 0);
    for (let i = 0; i < 10_000; i++) limiter.hit(`k${i}`, 1);
    expect(limiter.retryAfter('first', 2)).toBeNull();
    expect(limiter.retryAfter('k9999', 2)).not.toBeNull();
  });

  it('the duplicate check allows 30 checks in 10 minutes', () => {
    expect(DUPLICATE_CHECK_LIMIT).toEqual({ max: 30, windowMs: 600_000 });
  });
});
