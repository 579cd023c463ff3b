/**
 * Strapi replies come in two shapes: v5 "flat" (`{ data: [{ id, documentId, name, … }] }`)
 * and v4 (`{ data: [{ id, attributes: { name, sub_menus: { data: [...] } } }] }`, also what
 * Strapi 5 answers with `Strapi-Response-Format: v4`). `flattenStrapi` turns either into the
 * flat shape, recursively, so one set of zod schemas reads both.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Flattens a v4 entry (`{ id, attributes }`) or relation wrapper (`{ data }`) into v5 shape. */
export function flattenStrapi(value: unknown): Json {
  if (Array.isArray(value)) return value.map(flattenStrapi);
  if (!isObject(value)) return value as Json;
  // A relation or media wrapper: { data: entry | entry[] | null } (possibly with meta).
  const keys = Object.keys(value);
  if (keys.length > 0 && keys.every((k) => k === 'data' || k === 'meta') && 'data' in value) {
    return flattenStrapi(value.data);
  }
  if (isObject(value.attributes)) {
    const { attributes, ...rest } = value;
    return flattenStrapi({ ...rest, ...attributes });
  }
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(value)) out[k] = flattenStrapi(v);
  return out;
}

/** The `data` of a Strapi reply, flattened (list or single). */
export function replyData(body: unknown): Json {
  if (!isObject(body)) return null;
  return flattenStrapi(body.data);
}
