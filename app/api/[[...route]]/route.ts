/** Mounts the Hono JSON API (lib/server/api) at /ll/api/v1. */
import { handle } from 'hono/vercel';
import { createApiApp } from '@/lib/server/api/app';

export const dynamic = 'force-dynamic';

const handler = handle(createApiApp());

export const GET = handler;
export const POST = handler;
export const PUT = handler;
export const PATCH = handler;
export const DELETE = handler;
