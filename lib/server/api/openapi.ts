/**
 * Names a contract schema (lib/contracts, plain zod) in the OpenAPI document: the API's
 * `Schema.openapi('Name')`, made safe against import order. @hono/zod-openapi adds `openapi` to
 * zod's `ZodType.prototype`, but zod 4 copies prototype methods onto each schema when it is
 * built, so a contract built before @hono/zod-openapi was first imported (a test or a page that
 * imports the contract first) has no `.openapi` of its own. Calling the prototype's method works
 * for every schema; like `.openapi()`, it returns a named copy and leaves the contract as is.
 */
import { z } from '@hono/zod-openapi';

type OpenApi = (this: z.ZodType, refId: string, metadata?: { description?: string }) => z.ZodType;

export function named<T extends z.ZodType>(schema: T, refId: string, metadata?: { description?: string }): T {
  const openapi = (z.ZodType.prototype as unknown as { openapi: OpenApi }).openapi;
  return (metadata ? openapi.call(schema, refId, metadata) : openapi.call(schema, refId)) as T;
}
