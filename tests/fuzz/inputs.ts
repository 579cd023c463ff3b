/**
 * Inputs for the API fuzzer (issue 29 "`npm run fuzz`: every operation of the OpenAPI document
 * with inputs built from its own schemas (types, ranges, sizes, encodings, methods)"): from an
 * operation's JSON Schemas (the document the API publishes, `$ref`s resolved), a value that
 * follows the schema, or one broken on purpose — a wrong type, a value past a range or a size, a
 * missing required field, an unknown one, odd text (NUL, lone surrogates, right-to-left, emoji,
 * 10,000 characters), deep nesting. Seeded (`rng`): a run can be repeated.
 */

/** A JSON Schema as the OpenAPI document writes it (only what the fuzzer reads). */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
}

/** A small seeded generator (mulberry32): `next()` in [0, 1). */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!, chance: (p: number) => next() < p };
}
export type Rng = ReturnType<typeof rng>;

/** Odd text a form may receive. */
export const ODD_STRINGS = ['', ' ', '\u0000', 'a\u0000b', '\ud800', '\u202eevil', '😀'.repeat(50), 'x'.repeat(10_000), "' OR 1=1 --", '<script>alert(1)</script>', '../../etc/passwd', '%00', '1e309', '-0', 'NaN', 'null', 'true', '2026-02-30', '9999-99-99'];
/** Odd numbers. */
export const ODD_NUMBERS = [0, -1, 1.5, 2_147_483_648, -2_147_483_649, Number.MAX_SAFE_INTEGER, 1e308, -1e308];

/** `schema` with `$ref`s resolved against `components`. */
export function resolve(schema: Schema | undefined, components: Record<string, Schema>): Schema {
  let s = schema ?? {};
  for (let i = 0; s.$ref && i < 10; i++) s = components[s.$ref.split('/').pop()!] ?? {};
  if (s.allOf) return s.allOf.reduce<Schema>((acc, part) => {
    const r = resolve(part, components);
    return { ...acc, ...r, properties: { ...acc.properties, ...r.properties }, required: [...(acc.required ?? []), ...(r.required ?? [])] };
  }, {});
  return s;
}

function typeOf(s: Schema): string | undefined {
  const t = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  if (t) return t;
  if (s.properties) return 'object';
  if (s.items) return 'array';
  return undefined;
}

/** A value following `schema` as far as the fuzzer can tell (a pattern is not followed). */
export function valid(schema: Schema | undefined, components: Record<string, Schema>, r: Rng, depth = 0): unknown {
  const s = resolve(schema, components);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return r.pick(s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return valid(r.pick(alternatives), components, r, depth + 1);
  if (s.default !== undefined && r.chance(0.3)) return s.default;
  switch (typeOf(s)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth > 6) return out;
      for (const [key, prop] of Object.entries(s.properties ?? {})) {
        if (s.required?.includes(key) || r.chance(0.5)) out[key] = valid(prop, components, r, depth + 1);
      }
      return out;
    }
    case 'array': {
      const n = Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 2, r.pick([0, 1, 2])));
      return Array.from({ length: depth > 6 ? 0 : n }, () => valid(s.items, components, r, depth + 1));
    }
    case 'integer': {
      const lo = s.minimum ?? 1;
      const hi = Math.min(s.maximum ?? lo + 100, lo + 100);
      return Math.floor(lo + r.next() * (hi - lo + 1));
    }
    case 'number':
      return (s.minimum ?? 0) + r.next() * 10;
    case 'boolean':
      return r.chance(0.5);
    case 'string': {
      if (s.format === 'uuid') return crypto.randomUUID();
      if (s.format === 'email') return `fuzz.${Math.floor(r.next() * 1e6)}@example.org`;
      if (s.format === 'date') return '2026-07-01';
      if (s.format === 'date-time') return new Date().toISOString();
      const min = s.minLength ?? 1;
      return 'Fuzz'.padEnd(Math.min(Math.max(min, 4), s.maxLength ?? 12), 'z');
    }
    default:
      return r.pick(['x', 1, true, null]);
  }
}

/** `value` (for `schema`) broken in one way. */
export function broken(value: unknown, schema: Schema | undefined, components: Record<string, Schema>, r: Rng): unknown {
  const s = resolve(schema, components);
  const kind = r.pick(['type', 'range', 'odd', 'missing', 'extra', 'deep', 'field'] as const);
  if (kind === 'type') return r.pick([null, 0, '', [], {}, 'x', true, [value]]);
  if (kind === 'range') return typeof value === 'number' || typeOf(s) === 'integer' || typeOf(s) === 'number' ? r.pick(ODD_NUMBERS) : 'y'.repeat((s.maxLength ?? 255) + 1);
  if (kind === 'odd') return r.pick(ODD_STRINGS);
  if (kind === 'deep') {
    let v: unknown = value;
    for (let i = 0; i < 200; i++) v = { a: v };
    return v;
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const obj = { ...(value as Record<string, unknown>) };
    const keys = Object.keys(obj);
    if (kind === 'missing' && keys.length) delete obj[r.pick(keys)];
    else if (kind === 'extra') obj[r.pick(['__proto__', 'constructor', 'isAdmin', 'role', 'id'])] = r.pick(['admin', 1, { polluted: true }]);
    else if (keys.length) {
      const key = r.pick(keys);
      obj[key] = broken(obj[key], s.properties?.[key], components, r);
    }
    return obj;
  }
  return r.pick(ODD_STRINGS);
}
