/**
 * Password hashes are better-auth's: the same format and, outside the test runner, the same
 * scrypt parameters, so a hash either side wrote verifies on the other (accounts made before this
 * module keep logging in). Under Vitest the cost is lower (see the module's docstring).
 */
import { hashPassword as betterAuthHash, verifyPassword as betterAuthVerify } from 'better-auth/crypto';
import { describe, expect, it, vi } from 'vitest';
import { hashPassword, SCRYPT_PARAMS, scryptParams, TEST_SCRYPT_PARAMS, verifyPassword } from './password-hash';

describe('password hashes', () => {
  it("at the full cost, reads better-auth's hashes and writes hashes better-auth reads", async () => {
    const theirs = await betterAuthHash('correct horse battery');
    expect(await verifyPassword({ hash: theirs, password: 'correct horse battery' }, SCRYPT_PARAMS)).toBe(true);
    expect(await verifyPassword({ hash: theirs, password: 'correct horse batterY' }, SCRYPT_PARAMS)).toBe(false);
    const ours = await hashPassword('mot de passe é', SCRYPT_PARAMS);
    expect(ours).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await betterAuthVerify({ hash: ours, password: 'mot de passe é' })).toBe(true);
    expect(await betterAuthVerify({ hash: ours, password: 'mot de passe e' })).toBe(false);
  });

  it('uses the lower cost only under the test runner, and a hash made at one cost does not verify at the other', async () => {
    expect(scryptParams()).toEqual(TEST_SCRYPT_PARAMS);
    try {
      vi.stubEnv('NODE_ENV', 'production');
      expect(scryptParams()).toEqual(SCRYPT_PARAMS);
      vi.stubEnv('NODE_ENV', 'test');
      vi.stubEnv('VITEST', undefined);
      expect(scryptParams()).toEqual(SCRYPT_PARAMS);
    } finally {
      vi.unstubAllEnvs();
    }
    expect(scryptParams()).toEqual(TEST_SCRYPT_PARAMS);
    const cheap = await hashPassword('a password');
    expect(await verifyPassword({ hash: cheap, password: 'a password' })).toBe(true);
    expect(await verifyPassword({ hash: cheap, password: 'a password' }, SCRYPT_PARAMS)).toBe(false);
  });

  it('refuses a stored value that is not <salt>:<key>', async () => {
    await expect(verifyPassword({ hash: 'not-a-hash', password: 'x' })).rejects.toThrow('Invalid password hash');
  });
});
