/**
 * POST /ll/api/webhooks/strapi: the CMS publish webhook (lib/server/cms/strapi-webhook.ts).
 * 200 `{ revalidated: [tags] }`; 401 wrong or missing secret (checked before the body is read);
 * 413 body over 64 KB; 400 body not JSON; 503 when this
 * site has no REVALIDATE_SECRET. Other methods: 405.
 */
import { AppError, errorBody } from '@/lib/errors';
import { checkWebhookSecret, handleStrapiWebhook, WEBHOOK_BODY_LIMIT } from '@/lib/server/cms/strapi-webhook';

export const dynamic = 'force-dynamic';

export async function POST(request: Request): Promise<Response> {
  try {
    // The secret first, then a bounded body: nobody without it makes the site read anything.
    const authorization = request.headers.get('authorization');
    checkWebhookSecret(authorization);
    if (Number(request.headers.get('content-length') ?? 0) > WEBHOOK_BODY_LIMIT) throw new AppError('payload_too_large');
    const body = await request.text();
    if (Buffer.byteLength(body) > WEBHOOK_BODY_LIMIT) throw new AppError('payload_too_large');
    const { tags } = handleStrapiWebhook(body, authorization);
    return Response.json({ revalidated: tags });
  } catch (err) {
    if (err instanceof AppError) {
      const headers: HeadersInit = err.status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
      return Response.json(err.toJSON(), { status: err.status, headers });
    }
    throw err;
  }
}

function notAllowed(): Response {
  return Response.json(errorBody('method_not_allowed'), { status: 405, headers: { Allow: 'POST' } });
}

export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
