/**
 * GET /ll/uploads/{file}: CMS media (logos, home images, sponsor logos) served through the
 * site so browsers never need to reach the CMS. 404 when the file or the CMS is missing.
 */
import { cmsUrl } from '@/lib/server/config/env';

const SAFE = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export async function GET(_req: Request, { params }: { params: Promise<{ path: string[] }> }) {
  const { path } = await params;
  if (!path.length || !path.every((p) => SAFE.test(p))) return new Response('Not found', { status: 404 });
  try {
    const res = await fetch(`${cmsUrl()}/uploads/${path.join('/')}`, { signal: AbortSignal.timeout(5000) });
    if (!res.ok || !res.body) return new Response('Not found', { status: 404 });
    const type = res.headers.get('content-type') ?? 'application/octet-stream';
    return new Response(res.body, {
      headers: {
        'content-type': type,
        'cache-control': 'public, max-age=86400, stale-while-revalidate=604800',
        // SVG uploads must not run scripts in the site's origin.
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
        'x-content-type-options': 'nosniff',
      },
    });
  } catch {
    return new Response('Not found', { status: 404 });
  }
}
