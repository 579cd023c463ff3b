import { describe, expect, it, vi } from 'vitest';


describe('membership card tokens', () => {
  it('verify their own membership id and refuse a changed id, signature or secret', async () => {
    vi.stubEnv('BETTER_AUTH_SECRET', 'a-test-secret-that-is-long-enough-0123456789');
    const { cardToken, verifyCardToken } = await import('./card-token');
    const token = cardToken(42);
    expect(token).toMatch(/^42-[A-Za-z0-9_-]{22}$/);
    expect(verifyCardToken(token)).toBe(42);
    expect(verifyCardToken(token.replace(/^42-/, '43-'))).toBeNull();
    const sig = token.slice(3);
    const flipped = `42-${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    expect(verifyCardToken(flipped)).toBeNull();
    for (const bad of ['', '42', '42-', 'x-' + sig, '042-' + sig, '42-' + sig + 'A', '99999999999-' + sig]) expect(verifyCardToken(bad)).toBeNull();
    vi.stubEnv('BETTER_AUTH_SECRET', 'another-secret-that-is-long-enough-9876543210');
    expect(verifyCardToken(token)).toBeNull();
    vi.unstubAllEnvs();
  });
});
