/**
 * The JSON API under /ll/api/v1 (DESIGN.md: one Hono app with @hono/zod-openapi). Paths keep
 * the spec's spelling (§7) relative to this base. Every parameter is checked with zod; a bad
 * one answers 400 `{ error, message, statusCode }` with one key per kind of fault (`invalid_id`
 * for any malformed id, `null_id` for a missing one, `invalid_<field>` / `null_<field>`
 * otherwise) and the spec's text ('The provided race id is invalid'); unknown or hidden records
 * answer 404 `not_found`, a hidden race 403 `not_public`; unknown paths answer 404
 * `not_found`; a known path asked with another method answers 405 `method_not_allowed` with
 * `Allow`; a body over 1 MB answers 413 `payload_too_large`; while the database is unreachable
 * every call that needs it answers 503 `service_unavailable` with `Retry-After`; nothing a
 * client sends answers a bare 500 (a JSON body holding an unpaired surrogate answers 400
 * `invalid_request`: ./kit.ts `wellFormedJson`). Routes throw `AppError`; the one `onError`
 * below replies, and sets `Retry-After` from the error's `retryAfterS` (every 429, a busy 503:
 * issue 22), so no route sets that header itself.
 */
import { eventRegistrationRoutes } from './routes/event-registrations';
import { myOrderRoutes, officeOrderRoutes } from './routes/orders';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { BODY_LIMITS } from '../../config';
import { AppError, errorBody } from '../../errors';
import { RETRY_AFTER_S, isDatabaseDown, isDatabaseUnavailable } from '../db/availability';
import { apiError, validationHook } from './errors';
import { wellFormedJson } from './kit';
import { allowedMethods } from './methods';
import { accountRoutes } from './routes/accounts';
import { authRoutes } from './routes/auth';
import { calendarRoutes } from './routes/calendar';
import { contactRoutes } from './routes/contact';
import { deskRoutes } from './routes/desk';
import { deskClassesRoutes } from './routes/desk-classes';
import { deskRidersRoutes } from './routes/desk-riders';
import { deskLiveRoutes } from './routes/desk-live';
import { deskSeriesRoutes } from './routes/desk-series';
import { deskTextsRoutes } from './routes/desk-texts';
import { deskRegistrationRoutes } from './routes/desk-registration';
import { deskSignOnRoutes } from './routes/desk-sign-on';
import { deskGateRoutes } from './routes/desk-gate';
import { deskSpectatorRoutes } from './routes/desk-spectators';
import { directoryRoutes } from './routes/directory';
import { eventPageRoutes } from './routes/event-pages';
import { siteOrigin } from '../config/env';
import { HSTS } from '../http/csp';
import { deskLicenceRoutes } from './routes/desk-licences';
import { healthRoutes } from './routes/health';
import { langRoutes } from './routes/langs';
import { liveRoutes } from './routes/live';
import { livelapsRoutes } from './routes/livelaps';
import { membershipAdminRoutes } from './routes/membership-admin';
import { permissionRoutes } from './routes/permissions';
import { receiptRoutes } from './routes/receipts';
import { registrationRoutes } from './routes/registration';
import { seriesRoutes } from './routes/series';
import { spectatorRoutes } from './routes/spectators';
import { tracksideRoutes } from './routes/trackside';
import { waiverRoutes } from './routes/waivers';
import { sameOrigin } from './session';
import { loggableError, logger } from '../log';

/** Next strips its basePath (/ll) before the route handler sees the request. */
export const API_BASE = '/api/v1';

/** Calls answered without the database (they keep working during an outage). */
const NO_DATABASE = new Set([`${API_BASE}/langs/current`, `${API_BASE}/openapi.json`, `${API_BASE}/health`, `${API_BASE}/ready`, `${API_BASE}/metrics`]);

function unavailable(c: Context) {
  c.header('Retry-After', String(RETRY_AFTER_S));
  c.header('Cache-Control', 'no-store');
  return c.json(errorBody('service_unavailable'), 503);
}

/** The desk's results upload (lib/server/api/routes/desk.ts): its body is a results file, up to BODY_LIMITS.upload. */
const RESULTS_UPLOAD = /\/desk\/events\/\d+\/results$/;
/** Signing a waiver (./routes/waivers.ts, and a spectator's in ./routes/spectators.ts): a signature and a selfie as data URLs; those routes set their own limit (about 1.8 MB). */
const WAIVER_SIGN = /\/waivers\/?$|\/spectators\/(registrations\/[^/]+\/spectators\/[^/]+\/waiver|waivers\/[^/]+)\/?$/;

/** Builds the API app (a fresh one per call; the route handler keeps one). */
export function createApiApp() {
  const app = new OpenAPIHono({ defaultHook: validationHook }).basePath(API_BASE);

  // Refuses a body over the limit from its Content-Length, or while streaming when it has none.
  // A results file uploaded from the desk may be larger (an RMonitor capture of a long session).
  const jsonLimit = bodyLimit({
    maxSize: BODY_LIMITS.json,
    onError: (c) => c.json(apiError(413, 'payload_too_large', `The request body is larger than ${BODY_LIMITS.json} bytes`), 413),
  });
  const uploadLimit = bodyLimit({
    maxSize: BODY_LIMITS.upload,
    onError: (c) => c.json(apiError(413, 'payload_too_large', `The request body is larger than ${BODY_LIMITS.upload} bytes`), 413),
  });
  app.use((c, next) => (RESULTS_UPLOAD.test(c.req.path) || WAIVER_SIGN.test(c.req.path) ? uploadLimit(c, next) : jsonLimit(c, next)));
  // Issue 29: a site served over https says so for a year (HSTS).
  app.use(async (c, next) => {
    await next();
    if (siteOrigin().startsWith('https:')) c.header('Strict-Transport-Security', HSTS);
  });
  // While the database is known to be down, answer at once instead of waiting on it.
  app.use(async (c, next) => {
    if (isDatabaseDown() && !NO_DATABASE.has(c.req.path)) return unavailable(c);
    await next();
  });

  // CSRF: an unsafe request from another site's page is refused before anything reads it.
  app.use(sameOrigin);
  // A JSON body with text that is not Unicode (an unpaired surrogate) never reaches a route.
  app.use(wellFormedJson);

  app.route('/livelaps', livelapsRoutes());
  app.route('/livelaps', eventPageRoutes());
  // Before the directory: its `/promoter/{id}` would read `/promoter/series` as a malformed promoter id.
  app.route('/livelaps', seriesRoutes());
  app.route('/livelaps', liveRoutes());
  app.route('/livelaps', tracksideRoutes());
  app.route('/livelaps', directoryRoutes());
  app.route('/calendar', calendarRoutes());
  app.route('/users/current', permissionRoutes());
  app.route('/users/current', accountRoutes());
  app.route('/users/current', myOrderRoutes());
  app.route('/account', receiptRoutes());
  app.route('/auth', authRoutes());
  app.route('/registration', registrationRoutes());
  app.route('/registrations', eventRegistrationRoutes());
  app.route('/langs', langRoutes());
  app.route('/', healthRoutes());
  app.route('/contact', contactRoutes());
  app.route('/desk', deskRoutes());
  app.route('/desk', deskSeriesRoutes());
  app.route('/desk', deskLiveRoutes());
  app.route('/desk', deskRidersRoutes());
  app.route('/desk', deskClassesRoutes());
  app.route('/desk', deskTextsRoutes());
  app.route('/desk', deskRegistrationRoutes());
  app.route('/desk', deskSignOnRoutes());
  app.route('/desk', deskGateRoutes());
  app.route('/desk', deskSpectatorRoutes());
  app.route('/desk', deskLicenceRoutes());
  app.route('/admin', membershipAdminRoutes());
  app.route('/admin', officeOrderRoutes());
  app.route('/waivers', waiverRoutes());
  app.route('/spectators', spectatorRoutes());

  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Federation results API',
      version: '1.0.0',
      description: 'Events, races, results, calendar and display permissions (product spec §7).',
    },
  });

  // Hono answers "no route for this method" like "no route": tell them apart here.
  app.notFound((c) => {
    const allow = allowedMethods(app, c.req.path);
    if (!allow.length) return c.json(errorBody('not_found'), 404);
    c.header('Allow', allow.join(', '));
    return c.json(errorBody('method_not_allowed', `The method ${c.req.method} is not allowed on this path: use ${allow.join(', ')}`), 405);
  });
  app.onError((err, c) => {
    if (err instanceof AppError) {
      if (err.retryAfterS !== undefined) {
        c.header('Retry-After', String(err.retryAfterS));
        c.header('Cache-Control', 'no-store');
      }
      return c.json(err.toJSON(), err.status);
    }
    if (err instanceof HTTPException) {
      // Hono's validator throws 400 'Malformed JSON in request body' before zod sees the body.
      if (err.status === 400 && /JSON/.test(err.message)) return c.json(errorBody('invalid_json'), 400);
      return c.json(errorBody(err.status === 404 ? 'not_found' : 'invalid_request', err.message, err.status), err.status);
    }
    if (err instanceof SyntaxError) return c.json(errorBody('invalid_json'), 400);
    if (isDatabaseUnavailable(err)) return unavailable(c);
    // Never the error itself: a query error's message carries its parameters (personal data).
    logger('api').error({ reqId: c.req.header('x-request-id'), method: c.req.method, path: c.req.path, err: loggableError(err) }, 'unexpected error: answered 500');
    return c.json(errorBody('internal_server_error'), 500);
  });
  return app;
}

export type ApiApp = ReturnType<typeof createApiApp>;
