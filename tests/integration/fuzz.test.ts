/**
 * The API fuzzer (issue 29 "`npm run fuzz` in the repository: every operation of the OpenAPI
 * document with inputs built from its own schemas (types, ranges, sizes, encodings, methods),
 * anonymous and logged in as each role, checking … that no row changed where the reply was an
 * error: … 0 5xx, 0 stack traces, 0 partial writes. CI runs 1,000"), on the real database through
 * the API app as a browser's page calls it (same Origin, each from its own address).
 *
 * Each request: an operation of the published document (every one in turn, so a short run still
 * reaches them all), a login among anonymous, participant, spectator, a promoter's staff, an
 * official and an admin, then either a request following the schemas or one broken in one way
 * (tests/fuzz/inputs.ts), sometimes another method, a body that is not JSON, or another content
 * type. After each reply: no 5xx, no stack trace or file path in the body, and when the reply is
 * an error, every table has the rows it had before (rate-limit counters and failed logins aside:
 * refusals are what they count). `FUZZ_REQUESTS` (default 1,000; `npm run fuzz` sends 10,000) and
 * `FUZZ_SEED` set the run; a failure names the request to replay.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { broken, resolve, rng, valid, type Rng, type Schema } from '../fuzz/inputs';
import { deskLogin, setUpDeskDatabase, withCmsOutOfReach, type Api, type Sql } from './desk-kit';

withCmsOutOfReach();

const db = setUpDeskDatabase('fuzz');
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 1000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261129);
/** Tables an error reply may write to: the counters of refused attempts. */
const COUNTERS = new Set(['rate_limit_counters', 'login_failures']);
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const IDS = ['1', '2', '3', '4', '0', '-1', '999999', '2147483648', 'abc', '1.5', '00000000-0000-0000-0000-000000000000', '%2e%2e', 'null'];

interface Operation {
  method: string;
  path: string;
  params: { name: string; in: string; required?: boolean; schema?: Schema }[];
  body?: Schema;
}

let api: Api;
let sql: Sql;
let operations: Operation[];
let components: Record<string, Schema>;
let tables: string[];
const logins: (string | null)[] = [null];

/** Every table's row count, in one query. */
async function counts(): Promise<Record<string, number>> {
  const [row] = await sql(`select ${tables.map((t) => `(select count(*)::int from "${t}") as "${t}"`).join(', ')}`);
  return row as Record<string, number>;
}

/** One request of the run (see the module's docstring). */
function build(op: Operation, r: Rng): { method: string; url: string; body?: string; type?: string } {
  let path = op.path;
  const query = new URLSearchParams();
  for (const p of op.params) {
    const schema = resolve(p.schema, components);
    const value = p.in === 'path' && /id$/i.test(p.name) ? r.pick(IDS) : r.chance(0.8) ? valid(schema, components, r) : broken(undefined, schema, components, r);
    const text = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
    if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(text || '1'));
    else if (p.in === 'query' && (p.required || r.chance(0.6))) query.set(p.name, text);
  }
  const url = `${path}${query.size ? `?${query}` : ''}`;
  const method = r.chance(0.05) ? r.pick(METHODS).toUpperCase() : op.method.toUpperCase();
  if (method === 'GET' || method === 'DELETE' && !op.body) return { method, url };
  if (r.chance(0.05)) return { method, url, body: '{"unterminated": ', type: 'application/json' };
  if (r.chance(0.03)) return { method, url, body: 'a=1&b=2', type: 'application/x-www-form-urlencoded' };
  const good = valid(op.body, components, r);
  const value = r.chance(0.5) ? good : broken(good, op.body, components, r);
  return { method, url, body: JSON.stringify(value), type: 'application/json' };
}

beforeAll(async () => {
  ({ api, sql } = db);
  const doc = (await (await api.request('/api/v1/openapi.json')).json()) as { paths: Record<string, Record<string, { parameters?: Operation['params']; requestBody?: { content?: Record<string, { schema?: Schema }> } }>>; components?: { schemas?: Record<string, Schema> } };
  components = doc.components?.schemas ?? {};
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => (METHODS as readonly string[]).includes(method))
      .map(([method, op]) => ({ method, path, params: op.parameters ?? [], body: op.requestBody?.content?.['application/json']?.schema })),
  );
  tables = (await sql(`select tablename from pg_tables where schemaname = 'public' order by tablename`)).map((r) => String(r.tablename)).filter((t) => !COUNTERS.has(t) && !t.startsWith('__'));
  for (const [role, promoter] of [['participant'], ['spectator'], ['promoter', 1], ['official'], ['admin']] as const) logins.push((await deskLogin(sql, role, promoter)).cookie);
});

describe(`the API under ${REQUESTS} fuzzed requests (seed ${SEED})`, () => {
  it('answers every one without a 5xx, a stack trace or a partial write', async () => {
    const r = rng(SEED);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (let i = 0; i < REQUESTS; i++) {
      const op = operations[i % operations.length]!;
      const req = build(op, r);
      // Logging out ends that login's session for every later request: done anonymously.
      const cookie = op.path === '/api/v1/auth/logout' ? null : r.pick(logins);
      const headers: Record<string, string> = { host: 'localhost', origin: 'http://localhost', 'x-forwarded-for': `198.18.${Math.floor(i / 250) % 250}.${i % 250}` };
      if (cookie) headers.cookie = cookie;
      if (req.type) headers['content-type'] = req.type;
      const before = await counts();
      const res = await api.request(req.url, { method: req.method, headers, body: req.body });
      const text = await res.text();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const what = `#${i} ${req.method} ${req.url} as ${cookie ? 'a login' : 'anonymous'} ${req.body?.slice(0, 200) ?? ''} → ${res.status} ${text.slice(0, 200)}`;
      // The one 5xx by design: readiness says "not ready" (no job worker runs in this test).
      if (res.status >= 500 && !(res.status === 503 && op.path === '/api/v1/ready')) failures.push(`5xx: ${what}`);
      if (/\bat \S+ \(?[^\s)]*:\d+:\d+\)?|node_modules|\/lib\/server\/|\.ts:\d+/.test(text)) failures.push(`stack trace: ${what}`);
      if (res.status >= 400) {
        const after = await counts();
        const changed = tables.filter((t) => before[t] !== after[t]);
        if (changed.length) failures.push(`partial write (${changed.join(', ')}): ${what}`);
      }
    }
    console.log(`[fuzz] ${REQUESTS} requests over ${operations.length} operations: ${[...statuses].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}×${n}`).join(' ')}`);
    expect(failures.slice(0, 20), failures.join('\n')).toEqual([]);
  }, 600_000);

  it('answers every parameter of every operation holding a NUL, malformed UTF-8 or a stray % without a 5xx', async () => {
    const failures: string[] = [];
    const admin = logins[logins.length - 1]!;
    for (const op of operations) {
      for (const p of op.params.filter((x) => x.in === 'query' || x.in === 'path')) {
        // As sent on the wire (already percent-encoded, or not at all).
        for (const odd of ['a%00b', '%ED%A0%80', '%FF', '%', '1%20']) {
          let path = op.path;
          const query: string[] = [];
          for (const other of op.params) {
            const value = other === p ? odd : '1';
            if (other.in === 'path') path = path.replace(`{${other.name}}`, value);
            else if (other.in === 'query' && (other === p || other.required)) query.push(`${other.name}=${value}`);
          }
          const url = `${path}${query.length ? `?${query.join('&')}` : ''}`;
          const res = await api.request(url, { method: op.method.toUpperCase(), headers: { host: 'localhost', origin: 'http://localhost', cookie: admin, 'content-type': 'application/json' }, body: op.method === 'get' || op.method === 'delete' ? undefined : '{}' });
          if (res.status >= 500 && !(res.status === 503 && op.path === '/api/v1/ready')) failures.push(`${op.method.toUpperCase()} ${url} → ${res.status} ${(await res.text()).slice(0, 200)}`);
        }
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  }, 300_000);
});
