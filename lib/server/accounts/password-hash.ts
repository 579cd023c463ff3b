/**
 * Password hashing for the accounts library (DESIGN.md "accounts"; spec §2 /login, §6): scrypt
 * in better-auth's own format, `<salt: 16 bytes hex>:<key: 64 bytes hex>`, so every hash
 * better-auth wrote verifies here and the other way round. Node's `crypto.scrypt` runs in libuv's
 * thread pool (the event loop stays free); the key is compared in constant time.
 *
 * Cost: better-auth's parameters, N = 16384, r = 16, p = 1 (about 0.2 s of CPU and 32 MiB per
 * hash on these machines). The one exception is the unit and integration tests (Vitest sets
 * `NODE_ENV=test`): N = 1024, a sixteenth of the work, because some 400 hashes of test accounts
 * were a quarter of the test run's CPU (issue 22: CI time). The algorithm, the format and every
 * code path are the same; the production build and the browser tests use the full cost, and
 * nothing else can lower it (no setting, no variable but Vitest's own).
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt's parameters: CPU/memory cost N, block size r, parallelism p, key length in bytes. */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
  dkLen: number;
}

/** better-auth's parameters (`@better-auth/utils/password`): every real hash. */
export const SCRYPT_PARAMS: ScryptParams = { N: 16384, r: 16, p: 1, dkLen: 64 };

/** The test runner's (see the module's docstring). */
export const TEST_SCRYPT_PARAMS: ScryptParams = { ...SCRYPT_PARAMS, N: 1024 };

/** The parameters of this process: the test runner's under Vitest, better-auth's everywhere else. */
export function scryptParams(): ScryptParams {
  return process.env.NODE_ENV === 'test' && process.env.VITEST ? TEST_SCRYPT_PARAMS : SCRYPT_PARAMS;
}

function deriveKey(password: string, salt: string, params: ScryptParams): Promise<Buffer> {
  const { N, r, p, dkLen } = params;
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, dkLen, { N, r, p, maxmem: 128 * N * r * 2 }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/**
 * Hashes a password (any string; the length limits are the contract's, checked before).
 * @returns `<salt hex>:<key hex>`, as better-auth stores it in `accounts.password`
 */
export async function hashPassword(password: string, params: ScryptParams = scryptParams()): Promise<string> {
  const salt = randomBytes(16).toString('hex');
  return `${salt}:${(await deriveKey(password, salt, params)).toString('hex')}`;
}

/**
 * Whether `password` is the one `hash` was made from (constant-time comparison of the keys).
 * @throws Error('Invalid password hash') when `hash` is not `<salt>:<key>` (as better-auth does)
 */
export async function verifyPassword({ hash, password }: { hash: string; password: string }, params: ScryptParams = scryptParams()): Promise<boolean> {
  const [salt, key] = hash.split(':');
  if (!salt || !key) throw new Error('Invalid password hash');
  const expected = Buffer.from(key, 'hex');
  const actual = await deriveKey(password, salt, { ...params, dkLen: expected.length || params.dkLen });
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
